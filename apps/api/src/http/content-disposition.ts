/**
 * An attachment header that keeps Japanese file names (RFC 6266 with RFC 5987 `filename*`), with an
 * ASCII fallback for old clients. `inline` shows the file in the browser (attachments viewer) under the same name.
 */
export function attachmentDisposition(
  fileName: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
