import { Readable } from 'node:stream';
import type pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';
import type { Database } from '../../db/client.js';
import { answerKey } from '@portal/rules';
import { crlfLines, csvLines } from './csv-encoding.js';

/**
 * The SQL of an export, and the ways its rows leave the database.
 *
 * One query text serves both databases: every value is inlined as a checked literal (COPY takes no bind
 * parameters), every column is computed as text in SQL (status labels, Japan-time dates, choice labels,
 * the formula guard), so the CSV is the same whichever way it is read (decision 0036: CRLF, every value
 * quoted):
 * - PostgreSQL: `COPY (query) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)` through pg-copy-streams on one
 *   pooled connection, so PostgreSQL writes the CSV and Node only moves bytes (with backpressure), its LF
 *   line ends made CRLF on the way (`crlfLines`);
 * - PGlite (no COPY stream; it runs on our thread): pages of the same query by keyset
 *   (received_at, id), 500 rows at a time, turned into CSV here by csv-stringify (`csvLines`).
 * An xlsx reads the same pages as values (`rows`, without the formula guard: a text cell never runs).
 */

/** One CSV column of a standard item: its answer of one sequence (the second child is sequence 2). */
export interface ExportItemColumn {
  code: string;
  sequence: number;
  /** Choice values printed as their labels (as the PDF prints them). */
  choices: readonly { value: string; label: string }[];
  /** Answers are lists (checkboxes): printed joined with 、. */
  list: boolean;
}

export interface ExportSelection {
  municipalityId: number;
  procedureId: number;
  /** Received at or after this instant ... */
  from: Date;
  /** ... and before this one. */
  to: Date;
  /** Departments of the requester's scope; null is every department (administrators). */
  departmentIds: number[] | null;
  /** Only these documents (a selection in the staff list); absent or null is every one in range. */
  documentIds?: readonly string[] | null;
}

export interface ExportAttachmentRow {
  reference_number: string;
  standard_item_code: string;
  sequence: number;
  file_name: string;
  storage_key: string;
  /** True while its malware scan is still pending (decision 0051): listed, not exported. */
  scan_pending: boolean;
}

/** The columns before the items, in order (their SQL in `leadingColumns`). */
export const LEADING_COLUMNS = [
  { header: '受付番号', kind: 'text' },
  { header: '状態', kind: 'text' },
  /** Japan time, `YYYY-MM-DD HH:MM:SS`. */
  { header: '受付日時', kind: 'datetime' },
  { header: '申請者氏名', kind: 'text' },
  /** The staff member assigned to the current workflow step (the last assigned one once all are done). */
  { header: '担当者', kind: 'text' },
  /** The deadline day (Japan time, `YYYY-MM-DD`) while staff have the move (decision 0019). */
  { header: '処理期限', kind: 'date' },
  /** The Japan-time day the document was completed, from its change history. */
  { header: '完了日', kind: 'date' },
  /** The items whose answer differs from the card or the registry (issue 32), joined with 、. */
  { header: '確認元と異なる項目', kind: 'text' },
] as const;

/**
 * The 確認元と異なる項目 of each document with any, by document id: computed in Node by the rules (the
 * resident's own flags need the card's and the registry's values), inlined into the query as one jsonb.
 */
export type ExportFlags = ReadonlyMap<string, string>;

const NO_FLAGS: ExportFlags = new Map();

/** The flags column: the document's entry of the inlined object (NULL for none). */
const flagsColumn = (flags: ExportFlags) =>
  flags.size === 0
    ? 'null::text'
    : `(${literal(JSON.stringify(Object.fromEntries(flags)))}::jsonb ->> d.id::text)`;

/** Document status as the CSV prints it. */
export const STATUS_LABELS: Record<string, string> = {
  received: '受付',
  in_progress: '処理中',
  remanded: '差し戻し',
  resubmitted: '再提出',
  completed: '完了',
  rejected: '却下',
  withdrawn: '取下げ',
};

/** A string literal for inlined SQL (PostgreSQL's own escaping: quotes doubled, backslashes in E''). */
export function literal(value: string): string {
  if (value.includes('\0')) throw new Error('a SQL literal cannot hold NUL');
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

function uuid(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new Error(`not a uuid: ${value}`);
  return `${literal(value)}::uuid`;
}

const instant = (at: Date) => `${literal(at.toISOString())}::timestamptz`;

/** WHERE of the documents one CSV holds: municipality, procedure, Japan-time range, scope. */
function where(s: ExportSelection): string {
  const conditions = [
    `d.municipality_id = ${integer(s.municipalityId)}`,
    `d.procedure_id = ${integer(s.procedureId)}`,
    `d.received_at >= ${instant(s.from)}`,
    `d.received_at < ${instant(s.to)}`,
  ];
  if (s.departmentIds !== null) {
    conditions.push(
      s.departmentIds.length === 0
        ? 'false'
        : `d.department_id in (${s.departmentIds.map(integer).join(', ')})`,
    );
  }
  if (s.documentIds) {
    conditions.push(s.documentIds.length === 0 ? 'false' : `d.id in (${s.documentIds.map(uuid).join(', ')})`);
  }
  return conditions.join(' and ');
}

/**
 * A value that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe,
 * unless it is a plain number such as -5 (OWASP "CSV injection"). One regular expression, so the value's
 * expression appears once and the query stays small.
 */
const guarded = (text: string) =>
  `regexp_replace(${text}, '^(?![+-]?[0-9]+([.,][0-9]+)*$)(?=[-=+@\\t\\r])', '''')`;

function labelled(text: string, choices: ExportItemColumn['choices']): string {
  if (choices.length === 0) return text;
  const whens = choices.map((c) => `when ${literal(c.value)} then ${literal(c.label)}`).join(' ');
  return `(case ${text} ${whens} else ${text} end)`;
}

/** An answer (jsonb string, list of strings, or null) as printed text: labels, lists joined with 、. */
function answerText(column: ExportItemColumn): string {
  const key = literal(answerKey(column.code, column.sequence));
  if (!column.list) return labelled(`(a.o ->> ${key})`, column.choices);
  const v = `(a.o -> ${key})`;
  const elements = `(select string_agg(${labelled('e.v', column.choices)}, '、' order by e.n) from jsonb_array_elements_text(${v}) with ordinality as e(v, n))`;
  return `(case jsonb_typeof(${v}) when 'array' then ${elements} else ${v} #>> '{}' end)`;
}

/** A timestamptz as Japan-time text in a to_char format. */
const japanTime = (at: string, format: string) =>
  `to_char((${at} at time zone 'UTC') + interval '9 hours', ${literal(format)})`;

const STEP_DONE = `('approved', 'skipped')`;

/**
 * The assignee of the document's current workflow step (its first step not approved or skipped; empty
 * when that step has nobody), or, once every step is done, of the last step that had one.
 */
const assignee = `(select s.last_name || ' ' || s.first_name from (select w.user_id from workflow_details w where w.document_id = d.id and (w.status not in ${STEP_DONE} or w.user_id is not null) order by w.status in ${STEP_DONE}, case when w.status in ${STEP_DONE} then -w.sequence else w.sequence end limit 1) c join staff_accounts s on s.id = c.user_id)`;

/** When a completed document was completed: its last move to completed in the change history. */
const completedAt = `(case when d.status = 'completed' then (select max(x.at) from document_changes x where x.document_id = d.id and x.action = 'document.status' and x.detail ->> 'to' = 'completed') end)`;

/** LEADING_COLUMNS as SQL text; `guard` marks text a spreadsheet would run as a formula (CSV only). */
function leadingColumns(guard: (text: string) => string, flags: ExportFlags): string[] {
  const status = `(case d.status ${Object.entries(STATUS_LABELS)
    .map(([code, label]) => `when ${literal(code)} then ${literal(label)}`)
    .join(' ')} else d.status end)`;
  return [
    'd.reference_number',
    status,
    japanTime('d.received_at', 'YYYY-MM-DD HH24:MI:SS'),
    guard('d.applicant_name'),
    guard(assignee),
    japanTime('d.due_at', 'YYYY-MM-DD'),
    japanTime(completedAt, 'YYYY-MM-DD'),
    guard(flagsColumn(flags)),
  ];
}

/** The columns as SQL: LEADING_COLUMNS, then the items; guarded for a CSV, left as they are for an xlsx. */
function exportColumns(items: readonly ExportItemColumn[], guard: boolean, flags: ExportFlags): string[] {
  const g = guard ? guarded : (text: string) => text;
  return [...leadingColumns(g, flags), ...items.map((item) => g(answerText(item)))];
}

/** Answers of the document's application keyed `code#sequence`, one aggregate per document. */
function answersJoin(items: readonly ExportItemColumn[]): string {
  const codes = [...new Set(items.map((i) => i.code))];
  const filter = codes.length > 0 ? `x.standard_item_code in (${codes.map(literal).join(', ')})` : 'false';
  return `left join lateral (select jsonb_object_agg(x.standard_item_code || '#' || x.sequence, x.value) as o from application_answers x where x.application_id = d.application_id and ${filter}) a on true`;
}

/** The export query of one procedure as the CSV's COPY runs it: the guarded columns in received order. */
export function exportQuery(
  s: ExportSelection,
  items: readonly ExportItemColumn[],
  flags: ExportFlags = NO_FLAGS,
): string {
  return `select ${exportColumns(items, true, flags).join(', ')} from documents d ${answersJoin(items)} where ${where(s)} order by d.received_at, d.id`;
}

/** One page of the export query after a keyset, with the keys in the first two columns. */
export function exportPageQuery(
  s: ExportSelection,
  items: readonly ExportItemColumn[],
  after: { at: string; id: string } | null,
  limit: number,
  guard = true,
  flags: ExportFlags = NO_FLAGS,
): string {
  const keyset = after
    ? ` and (d.received_at, d.id) > (${literal(after.at)}::timestamptz, ${literal(after.id)}::uuid)`
    : '';
  const columns = exportColumns(items, guard, flags).map((c, i) => `${c} as c${i}`);
  return `select d.received_at::text as k_at, d.id::text as k_id, ${columns.join(', ')} from documents d ${answersJoin(items)} where ${where(s)}${keyset} order by d.received_at, d.id limit ${integer(limit)}`;
}

const PAGE_ROWS = 500;

/** One exported row: a text or null per column (LEADING_COLUMNS, then the items). */
export type ExportRow = (string | null)[];

export function createExportRepository(database: Database) {
  const rows = async (text: string) => (await database.executeSql(text)).rows;

  /** Pages of the query by keyset, each as rows of text; `guard` as in exportColumns. */
  async function* pages(
    s: ExportSelection,
    items: readonly ExportItemColumn[],
    guard: boolean,
    flags: ExportFlags,
  ): AsyncGenerator<ExportRow[]> {
    const width = LEADING_COLUMNS.length + items.length;
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await rows(exportPageQuery(s, items, after, PAGE_ROWS, guard, flags));
      if (page.length > 0) {
        yield page.map((row) => {
          const record: ExportRow = [];
          for (let i = 0; i < width; i++) record.push((row[`c${i}`] as string | null) ?? null);
          return record;
        });
      }
      if (page.length < PAGE_ROWS) return;
      const last = page[page.length - 1]!;
      after = { at: String(last.k_at), id: String(last.k_id) };
    }
  }

  /** Pages of the query on PGlite, as CSV text. */
  function pagedCsv(s: ExportSelection, items: readonly ExportItemColumn[], flags: ExportFlags): Readable {
    async function* text() {
      for await (const page of pages(s, items, true, flags)) yield Buffer.from(csvLines(page), 'utf8');
    }
    return Readable.from(text(), { objectMode: false });
  }

  /**
   * COPY on PostgreSQL: one pooled connection, released when the stream ends or fails. JIT is off for
   * it: for some forty computed columns PostgreSQL 15 spent half a minute compiling expressions, many
   * times what running the query takes (the setting is reset before the connection goes back).
   */
  async function copiedCsv(
    s: ExportSelection,
    items: readonly ExportItemColumn[],
    flags: ExportFlags,
  ): Promise<Readable> {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('set jit = off');
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    const stream = client.query(
      pgCopyStreams.to(`COPY (${exportQuery(s, items, flags)}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`),
    );
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      if (err) client.release(err);
      else
        client.query('reset jit').then(
          () => client.release(),
          (e: Error) => client.release(e),
        );
    };
    stream.on('end', () => release());
    stream.on('error', (err) => release(err));
    stream.on('close', () => release());
    const lines = crlfLines();
    // A failure of either side ends both (the connection is released by the COPY stream's own events).
    stream.on('error', (err) => lines.destroy(err));
    lines.on('close', () => {
      if (!stream.readableEnded) stream.destroy();
    });
    return stream.pipe(lines);
  }

  return {
    /** How many documents a CSV will hold (for progress). */
    async count(s: ExportSelection): Promise<number> {
      const found = await rows(`select count(*)::int as n from documents d where ${where(s)}`);
      return Number(found[0]?.n ?? 0);
    },

    /** The highest answered sequence of each item among the selected documents (columns per repeat). */
    async sequences(s: ExportSelection, codes: readonly string[]): Promise<Map<string, number>> {
      if (codes.length === 0) return new Map();
      const found = await rows(
        `select x.standard_item_code as code, max(x.sequence)::int as n from documents d join application_answers x on x.application_id = d.application_id where ${where(s)} and x.standard_item_code in (${codes.map(literal).join(', ')}) group by x.standard_item_code`,
      );
      return new Map(found.map((r) => [String(r.code), Number(r.n)]));
    },

    /** The CSV body (no header) of one procedure, streamed: COPY on PostgreSQL, keyset pages on PGlite. */
    csv(
      s: ExportSelection,
      items: readonly ExportItemColumn[],
      flags: ExportFlags = NO_FLAGS,
    ): Promise<Readable> {
      return database.kind === 'postgres'
        ? copiedCsv(s, items, flags)
        : Promise.resolve(pagedCsv(s, items, flags));
    },

    /** The rows of one procedure as text values, unguarded (for an xlsx), by keyset pages on both databases. */
    async *rows(
      s: ExportSelection,
      items: readonly ExportItemColumn[],
      flags: ExportFlags = NO_FLAGS,
    ): AsyncGenerator<ExportRow> {
      for await (const page of pages(s, items, false, flags)) yield* page;
    },

    /** The selected documents with their applications, in pages (the flags are computed per page). */
    async *documentPages(
      s: ExportSelection,
    ): AsyncGenerator<{ documentId: string; applicationId: string }[]> {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const keyset = after
          ? ` and (d.received_at, d.id) > (${literal(after.at)}::timestamptz, ${literal(after.id)}::uuid)`
          : '';
        const page = await rows(
          `select d.received_at::text as k_at, d.id::text as k_id, d.application_id::text as a_id from documents d where ${where(s)}${keyset} order by d.received_at, d.id limit ${PAGE_ROWS}`,
        );
        if (page.length > 0)
          yield page.map((r) => ({ documentId: String(r.k_id), applicationId: String(r.a_id) }));
        if (page.length < PAGE_ROWS) return;
        const last = page[page.length - 1]!;
        after = { at: String(last.k_at), id: String(last.k_id) };
      }
    },

    /** Attachments of the selected documents in one of the given slots, in received order, by pages. */
    async *attachments(s: ExportSelection, codes: readonly string[]): AsyncGenerator<ExportAttachmentRow> {
      if (codes.length === 0) return;
      let after: { at: string; id: string; t: string } | null = null;
      for (;;) {
        const keyset = after
          ? ` and (d.received_at, d.id, t.id) > (${literal(after.at)}::timestamptz, ${literal(after.id)}::uuid, ${literal(after.t)}::uuid)`
          : '';
        const page = await rows(
          `select d.received_at::text as k_at, d.id::text as k_id, t.id::text as t_id, d.reference_number, t.standard_item_code, t.sequence, t.file_name, t.storage_key, t.scan_state = 'pending' as scan_pending from documents d join attachments t on t.application_id = d.application_id and t.standard_item_code in (${codes.map(literal).join(', ')}) where ${where(s)}${keyset} order by d.received_at, d.id, t.id limit ${PAGE_ROWS}`,
        );
        for (const r of page) {
          yield {
            reference_number: String(r.reference_number),
            standard_item_code: String(r.standard_item_code),
            sequence: Number(r.sequence),
            file_name: String(r.file_name),
            storage_key: String(r.storage_key),
            scan_pending: r.scan_pending === true,
          };
        }
        if (page.length < PAGE_ROWS) return;
        const last = page[page.length - 1]!;
        after = { at: String(last.k_at), id: String(last.k_id), t: String(last.t_id) };
      }
    },
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
