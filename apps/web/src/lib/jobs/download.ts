// Downloads of zips the staff area makes (renderings, signature packages, exports): fetched with the
// region header (a plain link cannot send it), named from Content-Disposition, saved by the browser.
import type { RouteId } from '@portal/contracts';
import { ApiError, currentMunicipality } from '../api';
import { REGION_HEADER } from '@portal/contracts/http-names';

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return sanitizeFileName(decodeURIComponent(star[2].trim().replace(/^"|"$/g, '')), fallback);
    } catch {
      // A broken encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? sanitizeFileName(name.trim(), fallback) : fallback;
}

/** No folders, no control characters, never empty. */
export function sanitizeFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20)
    .join('')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/** A route's path with its parameters filled (the contracts' own helper, loaded with the route table). */
async function urlFor(id: RouteId, params: Record<string, string>): Promise<string> {
  const { routeById, pathFor } = await import('@portal/contracts');
  const code = currentMunicipality();
  if (!code) throw new Error('no municipality');
  return pathFor(routeById(id).path, { ...params, code });
}

/** Fetches a file route and hands it to the browser as a download; returns the file name. */
export async function downloadFile(
  id: RouteId,
  params: Record<string, string>,
  fallbackName: string,
): Promise<string> {
  const url = await urlFor(id, params);
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { [REGION_HEADER]: currentMunicipality() ?? '' },
    });
  } catch (error) {
    throw new ApiError(0, [], { cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      { errors?: { code?: string; message?: string; field?: string }[] } | undefined;
    throw new ApiError(
      response.status,
      (body?.errors ?? [])
        .filter((e) => typeof e.message === 'string')
        .map((e) => ({
          code: e.code ?? 'unknown',
          message: e.message!,
          ...(e.field ? { field: e.field } : {}),
        })),
    );
  }
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** Saves a blob under a name (a detached link: it never passes through the page's click guard). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Fetches a file route as a blob (for the attachments viewer). */
export async function fetchFile(id: RouteId, params: Record<string, string>): Promise<Blob> {
  const url = await urlFor(id, params);
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { [REGION_HEADER]: currentMunicipality() ?? '' },
  });
  if (!response.ok) throw new ApiError(response.status, []);
  return response.blob();
}
