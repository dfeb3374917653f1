// Benchmark of the application PDF renderer (apps/api/src/modules/rendering): documents per second for a
// one-page form (子ども医療費助成, demo data) and a ten-page one (出生届 plus long textarea answers), tagged
// for PDF/UA as the portal renders them, and their throughput as a ratio to the untagged rendering in the
// same run: renders alternate tagged/untagged, the ratio is the median over pairs (goal >= 0.8).
// Not a test: run with `npx tsx bench/render/run.ts` from the repository root.
// Options: BENCH_ONE (renders of the 1-page form per round, default 30), BENCH_TEN (default 10),
// BENCH_ROUNDS (default 3; the median round is reported), BENCH_WARMUP (default 5).
import type { StandardItem } from '@portal/contracts';
import { loadavg } from 'node:os';
import {
  demoBirthNotificationInput,
  demoProcedure,
  demoValues,
  LONG_PARAGRAPH,
} from '../../apps/api/src/modules/rendering/application-pdf.fixtures.js';
import {
  renderProcedurePdf,
  type RenderProcedureInput,
} from '../../apps/api/src/modules/rendering/application-pdf.js';

const ONE = Number(process.env.BENCH_ONE ?? 30);
const TEN = Number(process.env.BENCH_TEN ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The demo child medical subsidy application: 19 items, one page. */
function onePageInput(): RenderProcedureInput {
  const procedure = demoProcedure('child_medical_subsidy');
  return { ...demoBirthNotificationInput(), procedure, values: demoValues(procedure) };
}

/** The birth notification with `notes` textarea items of 8 paragraphs each (about 32 lines) appended. */
function withNotes(notes: number): RenderProcedureInput {
  const base = demoBirthNotificationInput();
  const items: StandardItem[] = Array.from({ length: notes }, (_, i) => ({
    code: `bench_note_${i + 1}`,
    name: `特記事項 ${i + 1}`,
    type: 'textarea',
    required: false,
    min_length: null,
    max_length: 10_000,
    pattern: null,
    choices: [],
    reading_of: null,
    suffix: null,
    remarks: null,
  }));
  return {
    ...base,
    config: { ...base.config, standard_items: [...base.config.standard_items, ...items] },
    procedure: {
      ...base.procedure,
      procedure_fragments: [
        ...base.procedure.procedure_fragments,
        ...items.map((item, i) => ({ id: 1000 + i, name: '特記事項', standard_item_code: item.code })),
      ],
    },
    values: [
      ...base.values,
      ...items.map((item) => ({
        standard_item_code: item.code,
        sequence: 1,
        value: Array(8).fill(LONG_PARAGRAPH).join('\n'),
      })),
    ],
  };
}

/** The smallest number of notes that makes the document ten pages long. */
async function tenPageInput(): Promise<RenderProcedureInput> {
  for (let notes = 1; notes < 40; notes++) {
    const input = withNotes(notes);
    if ((await renderProcedurePdf(input)).pages >= 10) return input;
  }
  throw new Error('could not build a ten-page document');
}

type Kind = 'tagged' | 'untagged';

interface Measured {
  docsPerSecond: number;
  pagesPerSecond: number;
  cpuMsPerDoc: number;
}

interface Round {
  tagged: Measured;
  untagged: Measured;
  /** Per pair of renders, the untagged render's time over the tagged one's (its throughput ratio). */
  pairRatios: number[];
}

/**
 * `renders` pairs of one tagged and one untagged rendering, back to back (which goes first alternates, so
 * the garbage one leaves behind falls on both alike): a shared machine's load changes little within a pair.
 */
async function measure(input: RenderProcedureInput, renders: number): Promise<Round> {
  const sums = { tagged: { ms: 0, cpu: 0, pages: 0 }, untagged: { ms: 0, cpu: 0, pages: 0 } };
  const pairRatios: number[] = [];
  for (let i = 0; i < renders; i++) {
    const ms: Record<Kind, number> = { tagged: 0, untagged: 0 };
    for (const kind of (i % 2 === 0 ? ['tagged', 'untagged'] : ['untagged', 'tagged']) as Kind[]) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const { pages } = await renderProcedurePdf(input, undefined, { tagged: kind === 'tagged' });
      ms[kind] = performance.now() - start;
      const used = process.cpuUsage(cpu);
      sums[kind].ms += ms[kind];
      sums[kind].cpu += (used.user + used.system) / 1000;
      sums[kind].pages += pages;
    }
    pairRatios.push(ms.untagged / ms.tagged);
  }
  const result = (s: (typeof sums)[Kind]): Measured => ({
    docsPerSecond: renders / (s.ms / 1000),
    pagesPerSecond: s.pages / (s.ms / 1000),
    cpuMsPerDoc: s.cpu / renders,
  });
  return { tagged: result(sums.tagged), untagged: result(sums.untagged), pairRatios };
}

const coldStart = performance.now();
const one = onePageInput();
const onePages = (await renderProcedurePdf(one)).pages;
const coldMs = performance.now() - coldStart;
const ten = await tenPageInput();
const tenPages = (await renderProcedurePdf(ten)).pages;
const tenSize = (await renderProcedurePdf(ten)).bytes.byteLength;
const oneSize = (await renderProcedurePdf(one)).bytes.byteLength;

for (let i = 0; i < WARMUP; i++) {
  for (const tagged of [true, false]) {
    await renderProcedurePdf(one, undefined, { tagged });
    await renderProcedurePdf(ten, undefined, { tagged });
  }
}

const rounds: { one: Round; ten: Round }[] = [];
for (let r = 0; r < ROUNDS; r++) rounds.push({ one: await measure(one, ONE), ten: await measure(ten, TEN) });

const pick = (size: 'one' | 'ten', kind: Kind, field: keyof Measured) =>
  median(rounds.map((r) => r[size][kind][field]));
const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0);
// The median over all pairs: robust to the load spikes of a shared machine, which hit single renders.
const ratio = (size: 'one' | 'ten') => median(rounds.flatMap((r) => r[size].pairRatios));
const ratios = { one: ratio('one'), ten: ratio('ten') };

console.log(
  `documents: ${onePages}-page ${(oneSize / 1024).toFixed(0)} KB, ${tenPages}-page ${(tenSize / 1024).toFixed(0)} KB; ` +
    `first render (reads, repairs and parses the fonts) ${coldMs.toFixed(0)} ms`,
);
console.log(
  `render (tagged): 1-page ${fmt(pick('one', 'tagged', 'docsPerSecond'))} docs/s ` +
    `(${fmt(pick('one', 'tagged', 'pagesPerSecond'))} pages/s), ` +
    `10-page ${fmt(pick('ten', 'tagged', 'docsPerSecond'))} docs/s ` +
    `(${fmt(pick('ten', 'tagged', 'pagesPerSecond'))} pages/s)`,
);
console.log(
  `untagged: 1-page ${fmt(pick('one', 'untagged', 'docsPerSecond'))} docs/s, ` +
    `10-page ${fmt(pick('ten', 'untagged', 'docsPerSecond'))} docs/s; ` +
    `tagged/untagged ratio: 1-page ${ratios.one.toFixed(2)}, 10-page ${ratios.ten.toFixed(2)} (goal >= 0.8: ` +
    `${Math.min(ratios.one, ratios.ten) >= 0.8 ? 'met' : 'NOT met'})`,
);
console.log(
  `cpu per document: 1-page ${fmt(pick('one', 'tagged', 'cpuMsPerDoc'))} ms ` +
    `(untagged ${fmt(pick('one', 'untagged', 'cpuMsPerDoc'))}), ` +
    `10-page ${fmt(pick('ten', 'tagged', 'cpuMsPerDoc'))} ms (untagged ${fmt(pick('ten', 'untagged', 'cpuMsPerDoc'))}) ` +
    `(median of ${ROUNDS} rounds of ${ONE} and ${TEN}; load average ${loadavg()[0]?.toFixed(1)})`,
);
console.log(
  'reference (design notes, domain.md): about 30 one-page documents/s, 160-200 pages/s inside one document',
);
