// The applicant pages' plain forms (issue 36, decision 0061): where the server sends a browser that
// posted the entrance or the filter without JavaScript. The address is the one the script opens for the
// same answers, so both ways reach the same page. Runs on the server, in the render module.
import { japanDate } from '@portal/rules';
import { defaultStringifySearch } from '@tanstack/react-router';
import { encodeAnswers, postedAnswers } from '../../features/concierge/filter';
import { api } from '../../lib/api';
import { groupSearch } from './routes';

export type PostedFields = Readonly<Record<string, string | undefined>>;

/** The address to answer a post of a page's plain form with (303), or null when the page has none. */
export async function submitPageForm(pathname: string, fields: PostedFields): Promise<string | null> {
  const match = /^\/municipalities\/(\d{6})\/(entrance|conciergeFilter)$/.exec(pathname);
  if (!match) return null;
  const [, code, page] = match;
  const groupId = groupSearch(fields).procedure_group_id;
  // Written as the router writes it (`answers="7"` for one answer), so the page opens as it is.
  const address = (path: string, answers?: readonly number[]) =>
    `/municipalities/${code}/${path}` +
    defaultStringifySearch({
      ...(groupId === undefined ? {} : { procedure_group_id: groupId }),
      ...(answers && answers.length > 0 ? { answers: encodeAnswers(answers) } : {}),
    });
  if (page === 'entrance') {
    // The browser requires the agreement (`required`); a post without it goes back to the terms.
    return address(fields.agree === 'yes' ? 'conciergeFilter' : 'entrance');
  }
  if (groupId === undefined) return address('conciergeFilter');
  const filter = await api('applicant.concierge_filter.get', {
    params: { code },
    query: { procedure_group_id: groupId },
  });
  return address('conciergeFilter', postedAnswers(filter.category, fields, japanDate(new Date())));
}
