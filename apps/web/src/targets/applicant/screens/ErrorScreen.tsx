// /error (no layout): the dedicated not-found page for status 404, the generic error page otherwise.
// This is the applicant variant; the staff and master-tool builds have no /error screen (spec §2).
import { useSearch } from '@tanstack/react-router';
import { GenericErrorPage, NotFoundPage } from '../../../lib/layout/pages';

export function ErrorScreen() {
  const search = useSearch({ strict: false }) as { status?: number; path?: string };
  return search.status === 404 ? <NotFoundPage path={search.path ?? null} /> : <GenericErrorPage />;
}
