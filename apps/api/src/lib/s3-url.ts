/** Parses `s3://bucket/prefix` (STORAGE_URL); null for anything else. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return null;
  return { bucket: match[1]!, prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, '') };
}
