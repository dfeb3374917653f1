// The applicant pages' plain forms (issue 36, decision 0061): where the server sends a browser that
// posted the entrance or the filter without JavaScript. The address is the one the script opens for the
// same answers, so both ways reach the same page. Runs on the server, in the render module.
import { japanDate } from '@portal/rules';
import { defaultStringifySearch } from '@tanstack/react-router';
import { encodeAnswers, postedAnswers } from '../../features/concierge/filter';
import { api } from '../../lib/api';
import { groupSearch } from './routes';

export type PostedFields = Readonly<Record<string, string | undefined>>;

/** A page with a plain form: its municipality and which page it is. */
function formPage(pathname: string): { code: string; page: 'entrance' | 'conciergeFilter' } | null {
  const match = /^\/municipalities\/(\d{6})\/(entrance|conciergeFilter)$/.exec(pathname);
  return match ? { code: match[1] as string, page: match[2] as 'entrance' | 'conciergeFilter' } : null;
}

/**
 * A municipality's page with the group (and the filter's answers) a form carries, written as the router
 * writes it (`answers="7"` for one answer), so the page opens as it is.
 */
function pageAddress(code: string, page: string, fields: PostedFields, answers?: readonly number[]) {
  const groupId = groupSearch(fields).procedure_group_id;
  return (
    `/municipalities/${code}/${page}` +
    defaultStringifySearch({
      ...(groupId === undefined ? {} : { procedure_group_id: groupId }),
      ...(answers && answers.length > 0 ? { answers: encodeAnswers(answers) } : {}),
    })
  );
}

/** The address to answer a post of a page's plain form with (303), or null when the page has none. */
export async function submitPageForm(pathname: string, fields: PostedFields): Promise<string | null> {
  const form = formPage(pathname);
  if (!form) return null;
  const { code, page } = form;
  if (page === 'entrance') {
    // The browser requires the agreement (`required`); a post without it goes back to the terms.
    return pageAddress(code, fields.agree === 'yes' ? 'conciergeFilter' : 'entrance', fields);
  }
  const groupId = groupSearch(fields).procedure_group_id;
  if (groupId === undefined) return pageAddress(code, 'conciergeFilter', fields);
  const filter = await api('applicant.concierge_filter.get', {
    params: { code },
    query: { procedure_group_id: groupId },
  });
  return pageAddress(
    code,
    'conciergeFilter',
    fields,
    postedAnswers(filter.category, fields, japanDate(new Date())),
  );
}

/**
 * The page a refused or failed post goes back to: the form's own page with its group (it then carries a
 * fresh token), or null when the path has no plain form.
 */
export function pageFormReturn(pathname: string, fields: PostedFields): string | null {
  const form = formPage(pathname);
  return form ? pageAddress(form.code, form.page, fields) : null;
}
