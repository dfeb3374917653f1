// Pure path parsing for the shell; TanStack Router replaces the route table in later issues.
import { targetBase, type Target } from './target';

/** The municipality the applicant area shows when the path names none. */
export const DEFAULT_MUNICIPALITY_CODE = '999999';

const MUNICIPALITY_PATH = /^\/municipalities\/(\d{6})(?:\/|$)/;

/**
 * The municipality code of an applicant path: `/municipalities/{code}` or any path below it gives
 * the 6-digit code; any other path gives null.
 */
export function municipalityCodeFromPath(path: string): string | null {
  return MUNICIPALITY_PATH.exec(path)?.[1] ?? null;
}

/** The path inside a target's base ('/staff/x' under '/staff/' is '/x'); null when outside the base. */
export function pathWithinBase(pathname: string, base: string): string | null {
  const prefix = base.endsWith('/') ? base.slice(0, -1) : base;
  if (pathname === prefix) return '/';
  if (!pathname.startsWith(`${prefix}/`)) return null;
  return pathname.slice(prefix.length);
}

export type Route =
  | { name: 'applicantHome'; municipalityCode: string }
  | { name: 'areaHome' }
  | { name: 'notFound'; path: string };

/**
 * Which shell page a path shows. Applicant: `/` (the default municipality) and
 * `/municipalities/{code}`; staff and master tool: their area's root. Everything else is not found.
 */
export function resolveRoute(target: Target, pathname: string): Route {
  const path = pathWithinBase(pathname, targetBase[target]);
  if (path === null) return { name: 'notFound', path: pathname };
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const isRoot = trimmed === '/' || trimmed === '/index.html';
  if (target !== 'applicant') return isRoot ? { name: 'areaHome' } : { name: 'notFound', path: pathname };
  if (isRoot) return { name: 'applicantHome', municipalityCode: DEFAULT_MUNICIPALITY_CODE };
  const code = municipalityCodeFromPath(trimmed);
  if (code !== null && trimmed === `/municipalities/${code}`)
    return { name: 'applicantHome', municipalityCode: code };
  return { name: 'notFound', path: pathname };
}

/** A path for display: percent-escapes decoded where valid, the raw text otherwise. */
export function displayPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
