/**
 * Names the server and every client share, declared once (no zod here: the web shell imports this
 * without the route table). HTTP header names are case-insensitive; Node lowercases them.
 */

/** The municipality a call under `/municipalities/{code}/` is for; must equal the path's code. */
export const REGION_HEADER = 'X-Region-Code';
/** This browser's CSRF token (an empty value on calls made before any session). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Where the production API and staging's (the same routes on staging's data) are mounted (decision 0006). */
export const API_PREFIX = '/api';
export const STAGING_API_PREFIX = '/stg-api';
/** Staging's cookies carry this prefix in the browser, so they never overwrite production's. */
export const STAGING_COOKIE_PREFIX = 'stg_';
/** Staging's web areas: `/stg/`, `/stg/staff/`, `/stg/mastertool/`. */
export const STAGING_WEB_PREFIX = '/stg';
/**
 * A readable cookie (value `1`) set beside a counter session's cookie (decision 0026): the applicant
 * pages look for the counter banner only where it is, so residents make no call and load no code for it.
 * Staging's carries the `stg_` prefix, like its other cookies.
 */
export const COUNTER_MARKER_COOKIE = 'counter_session';

/**
 * A staff write to a document names the version it read (decision 0034): `If-Match: "7"`; the document's
 * answers carry `ETag: "7"` and a `version` field. A stale version is refused with 409 `conflict`.
 */
export const IF_MATCH_HEADER = 'If-Match';
export const ETAG_HEADER = 'ETag';

/**
 * Seconds a signed-in session has left unless used again (decision 0044), on every answer of a call that
 * used it: the screens warn two minutes before it ends.
 */
export const SESSION_IDLE_HEADER = 'X-Session-Idle-Seconds';

/** The entity tag of a record version: `"7"` (strong, quoted). */
export const versionTag = (version: number): string => `"${version}"`;

/** The version an If-Match names, or null when it names none (`*`, weak, a list or not a version). */
export function versionOfTag(tag: string): number | null {
  const found = /^\s*"([1-9]\d{0,9})"\s*$/.exec(tag);
  const version = found ? Number(found[1]) : NaN;
  return Number.isSafeInteger(version) && version <= 2_147_483_647 ? version : null;
}

/** The field of a plain form that carries the browser's CSRF token. */
export const PAGE_FORM_CSRF_FIELD = 'csrf_token';
/**
 * What a server-rendered page holds in place of the CSRF token: the HTML is shared between visitors, so
 * the server puts each browser's own token in when it sends the page.
 */
export const PAGE_FORM_CSRF_PLACEHOLDER = 'portal-page-form-csrf-token';
/**
 * The cookie of the language a visitor chose (`ja`, `en`): the server renders the public pages in it
 * (decision 0060), and the language switch's plain form sets it (decision 0062).
 */
export const LANGUAGE_COOKIE = 'portal_language';
/** Set with the language cookie by the switch's plain form: the app then takes that language (0062). */
export const LANGUAGE_FROM_FORM_COOKIE = 'portal_language_from_form';
