// Input the resident typed but has not saved, kept in this tab's sessionStorage so that a trip to the
// identity provider (re-sign-in after the session ended) or a reload does not lose it. Never sent anywhere.

const PREFIX = 'portal.draft.';
/** Drafts older than this are dropped: a tab left open overnight should not resurrect old input. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Stored<T> {
  saved_at: number;
  values: T;
}

function store(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (private modes): input then lives only in memory
  }
}

/** Keeps the unsaved values of one page (key: application and page). */
export function keepDraft<T>(key: string, values: T, now = Date.now(), storage = store()): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify({ saved_at: now, values } satisfies Stored<T>));
  } catch {
    // quota or refusal: the draft is a convenience, the page still works
  }
}

/** The kept values of a page, or null (none, unreadable, or older than a day). */
export function readDraft<T>(key: string, now = Date.now(), storage = store()): T | null {
  try {
    const raw = storage?.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored<T>>;
    if (typeof parsed.saved_at !== 'number' || now - parsed.saved_at > DRAFT_MAX_AGE_MS) {
      storage?.removeItem(PREFIX + key);
      return null;
    }
    return (parsed.values ?? null) as T | null;
  } catch {
    return null;
  }
}

/** Forgets a page's draft (after it was saved on the server). */
export function dropDraft(key: string, storage = store()): void {
  try {
    storage?.removeItem(PREFIX + key);
  } catch {
    // nothing to do
  }
}
