import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { changedDocuments, documentOf, download, type Portal, type PortalDocument } from './api.js';

// The consumer's folder: one folder per document (by reference number) with its JSON and files, and the
// cursor, written only after a page is saved whole, so a stopped run resumes without a gap.

const CURSOR = '.cursor';

/** A name safe as one path segment on any file system (a resident's file name can hold anything). */
export const safeName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 150) || '_';

/** Writes whole or not at all: a reader never sees half a file. */
async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  await writeFile(`${path}.part`, data);
  await rename(`${path}.part`, path);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function saveFile(p: Portal, path: string, url: string, expected: string): Promise<void> {
  const existing = await readFile(path).catch(() => null);
  if (existing && sha256(existing) === expected) return;
  const data = await download(p, url);
  // A file that is not what the document says it is must not pass as the applicant's.
  if (sha256(data) !== expected) throw new Error(`${path}: sha256 differs from the document's`);
  await writeAtomically(path, data);
}

async function saveDocument(p: Portal, out: string, doc: PortalDocument): Promise<void> {
  const dir = join(out, safeName(doc.reference_number));
  await mkdir(join(dir, 'attachments'), { recursive: true });
  await mkdir(join(dir, 'renderings'), { recursive: true });
  for (const a of doc.attachments) {
    const name = safeName(`${a.standard_item_code}-${a.sequence}-${a.file_name}`);
    await saveFile(p, join(dir, 'attachments', name), a.download_url, a.sha256);
  }
  for (const r of doc.renderings) {
    await saveFile(
      p,
      join(dir, 'renderings', safeName(`${r.audience}-${r.id}.pdf`)),
      r.download_url,
      r.sha256,
    );
  }
  await writeAtomically(join(dir, 'document.json'), `${JSON.stringify(doc, null, 2)}\n`);
}

export interface PullResult {
  saved: PortalDocument[];
  cursor: string;
}

/** Saves every document changed since the folder's cursor, page by page, and moves the cursor on. */
export async function pullInto(p: Portal, out: string, log: (line: string) => void): Promise<PullResult> {
  await mkdir(out, { recursive: true });
  let cursor = (await readFile(join(out, CURSOR), 'utf8').catch(() => '')).trim() || null;
  const saved: PortalDocument[] = [];
  for (;;) {
    const page = await changedDocuments(p, cursor);
    for (const summary of page.documents) {
      const doc = await documentOf(p, summary.id);
      await saveDocument(p, out, doc);
      saved.push(doc);
      log(
        `saved ${doc.reference_number} ${doc.procedure_code} ${doc.status} v${doc.version}` +
          ` (${doc.attachments.length} attachments, ${doc.renderings.length} renderings)`,
      );
    }
    cursor = page.next_cursor;
    await writeAtomically(join(out, CURSOR), `${cursor}\n`);
    if (!page.has_more) return { saved, cursor };
  }
}
