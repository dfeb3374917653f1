// The idle clock of this page's area (decision 0044), fed by the API client's answers.
import { environmentOfPath } from '../api/client';
import { currentTarget } from '../app/current-target';
import { createIdleClock } from './idle-clock';

const browser = typeof window === 'undefined' ? null : window;

function sharedStorage() {
  try {
    return browser?.localStorage ?? null;
  } catch {
    return null; // storage refused: this tab keeps its own deadline
  }
}

/** Each area (applicant, staff, master tool) of each environment has its own sign-in, so its own clock. */
export const idleClock = createIdleClock({
  key: `portal.session-idle.${currentTarget}.${environmentOfPath(browser?.location.pathname ?? '/')}`,
  storage: sharedStorage(),
  events: browser,
});
