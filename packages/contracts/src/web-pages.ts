// The page paths of the three web targets, declared once: the web routers register them and the server
// answers every other path with 404 (the single-page app still renders its not-found screen).
// `{code}` is a municipality code, `{id}` any one path segment (the applicant's must be a UUID).
import { z } from 'zod';

/** The applicant target's pages (served at `/`, staging's at `/stg/`): spec §2 and the sign-in failure pages. */
export const applicantPagePaths = [
  '/',
  '/error',
  '/maintenance',
  '/miid/temporary',
  '/miid/temporary/saveState',
  '/miid/temporary/signatureRedirectScreen',
  '/mynaportal/error',
  '/mynaportal/getting_self_information',
  '/signin-failed',
  '/municipalities/{code}',
  '/municipalities/{code}/applications',
  '/municipalities/{code}/conciergeFilter',
  '/municipalities/{code}/entrance',
  '/municipalities/{code}/handoff',
  '/municipalities/{code}/notifications',
  '/municipalities/{code}/notifications/unsubscribe',
  '/municipalities/{code}/privacy',
  '/municipalities/{code}/signin-failed',
  '/municipalities/{code}/terms',
  '/municipalities/{code}/applications/{id}/attached',
  '/municipalities/{code}/applications/{id}/attachedConfirm',
  '/municipalities/{code}/applications/{id}/complete',
  '/municipalities/{code}/applications/{id}/conciergeAssistant',
  '/municipalities/{code}/applications/{id}/form',
  '/municipalities/{code}/applications/{id}/formValues',
  '/municipalities/{code}/applications/{id}/handoff',
  '/municipalities/{code}/applications/{id}/identification',
  '/municipalities/{code}/applications/{id}/imageSignature',
  '/municipalities/{code}/applications/{id}/miidFailed',
  '/municipalities/{code}/applications/{id}/miidLaunchGuide',
  '/municipalities/{code}/applications/{id}/mncAssistance',
  '/municipalities/{code}/applications/{id}/procedures',
  '/municipalities/{code}/applications/{id}/signatureDigitalCertificateConfirm',
  '/municipalities/{code}/applications/{id}/signin',
  '/municipalities/{code}/applications/{id}/stepsExplanation',
] as const;

/** The staff target's pages, below its base `/staff` (staging's `/stg/staff`). */
export const staffPagePaths = [
  '/',
  '/login',
  '/password-reset',
  '/accounts/new',
  '/documents',
  '/documents/{id}',
  '/counter',
  '/exports',
  '/accounts',
  '/invitations',
  '/audit-log',
  '/funnel',
  '/system-keys',
  '/system-keys/new',
  '/system-keys/{id}',
] as const;

/** The master tool's pages, below its base `/mastertool` (staging's `/stg/mastertool`). */
export const mastertoolPagePaths = [
  '/',
  '/login',
  '/municipalities/{code}',
  '/municipalities/{code}/material-templates',
  '/municipalities/{code}/reference-data',
  '/municipalities/{code}/procedure-groups/{id}/edit',
  '/municipalities/{code}/procedure-groups/{id}/preview',
  '/municipalities/{code}/procedure-groups/{id}/reflect',
  '/municipalities/{code}/procedure-groups/{id}/funnel',
] as const;

/** A municipality code as the applicant pages take it. */
export const MUNICIPALITY_CODE_PATTERN = /^\d{6}$/;
/** An application id as the applicant pages take it. */
export const APPLICATION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The parameters of the first pattern the path matches (one segment per `{name}`), or null. A trailing
 * slash is ignored; an empty segment (`//`) matches nothing.
 */
export function matchPagePath(
  patterns: readonly string[],
  path: string,
): { pattern: string; params: Record<string, string> } | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  if (!trimmed.startsWith('/') || segments.some((s) => s === '')) return null;
  for (const pattern of patterns) {
    const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, i) => {
      const segment = segments[i] as string;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        params[name] = segment;
        return true;
      }
      return part === segment;
    });
    if (matched) return { pattern, params };
  }
  return null;
}

/** Why a resident's sign-in ended on the sign-in failure page (`?reason=`). */
export const SignInFailureReason = z.enum([
  /** The resident cancelled at the identity provider. */
  'cancelled',
  /** No sign-in was in progress in this browser, it expired, or it was started elsewhere. */
  'expired',
  /** The identity provider refused or could not complete the sign-in. */
  'provider_error',
  /**
   * The identity provider reported the card locked (its PIN was entered wrongly too many times,
   * `error=card_locked`): the page says how to unlock it (decision 0043).
   */
  'card_locked',
]);
export type SignInFailureReason = z.infer<typeof SignInFailureReason>;

/**
 * The applicant pages whose forms also work as plain forms, without JavaScript (issue 36, decision 0061):
 * the page posts to its own path, and the server answers 303 with the page the script would open.
 */
export const plainFormPagePaths = [
  '/municipalities/{code}/entrance',
  '/municipalities/{code}/conciergeFilter',
] as const;
