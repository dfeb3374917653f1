// Previews of the files chosen in this tab (object URLs), so the confirm screen shows what was sent.
// The server keeps the file; the preview lasts until the page is closed or the file is replaced.

const previews = new Map<string, { url: string; type: string }>();
const key = (applicationId: string, code: string, sequence: number) => `${applicationId}:${code}:${sequence}`;

export function setPreview(applicationId: string, code: string, sequence: number, file: Blob | null) {
  const k = key(applicationId, code, sequence);
  const old = previews.get(k);
  if (old) URL.revokeObjectURL(old.url);
  if (file) previews.set(k, { url: URL.createObjectURL(file), type: file.type });
  else previews.delete(k);
}

export function previewOf(applicationId: string, code: string, sequence: number) {
  return previews.get(key(applicationId, code, sequence)) ?? null;
}
