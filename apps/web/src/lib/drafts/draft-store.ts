// The one draft store of the applicant pages (decision 0011, issue 31): per application, each unsaved
// answer by item and repetition (`code`, `code.N`, as the form keys them) and each unsaved choice by
// question, kept in this tab's sessionStorage as the resident types, so a re-sign-in or a reload loses
// nothing. An entry goes once the server confirmed it saved. Never sent anywhere.
import { sameAnswer } from '@portal/rules';

const PREFIX = 'portal.drafts.';
/** Entries older than this are dropped: a tab left open overnight should not resurrect old input. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type DraftValue = string | string[] | null;

export interface DraftAnswer {
  value: DraftValue;
  /** The saved value the resident started from: a different one on the server now is a newer save. */
  base: DraftValue;
  /** The item's label as the resident saw it, to name it where its item is no longer known. */
  label?: string;
  at: number;
}

export interface DraftChoice {
  /** The chosen option. */
  option: number;
  /** The option the server held for the question when the resident chose (null: none). */
  base: number | null;
  at: number;
}

export interface Drafts {
  /** By item key: `code`, or `code.N` for repetition N. */
  answers: Record<string, DraftAnswer>;
  /** By question (concierge) id. */
  choices: Record<string, DraftChoice>;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const empty = (): Drafts => ({ answers: {}, choices: {} });

function sessionStore(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (private modes): input then lives only in memory
  }
}

const fresh = <T extends { at: number }>(entries: Record<string, T> | undefined, now: number) =>
  Object.fromEntries(
    Object.entries(entries ?? {}).filter(
      ([, e]) => typeof e?.at === 'number' && now - e.at <= DRAFT_MAX_AGE_MS,
    ),
  );

/** The unsaved answers and choices of an application (none when unreadable; old entries left out). */
export function readDrafts(applicationId: string, now = Date.now(), storage = sessionStore()): Drafts {
  try {
    const raw = storage?.getItem(PREFIX + applicationId);
    if (!raw) return empty();
    const parsed = JSON.parse(raw) as Partial<Drafts>;
    return { answers: fresh(parsed.answers, now), choices: fresh(parsed.choices, now) };
  } catch {
    return empty();
  }
}

function change(applicationId: string, edit: (drafts: Drafts) => void, now: number, storage: Store | null) {
  try {
    const drafts = readDrafts(applicationId, now, storage);
    edit(drafts);
    const none = Object.keys(drafts.answers).length === 0 && Object.keys(drafts.choices).length === 0;
    if (none) storage?.removeItem(PREFIX + applicationId);
    else storage?.setItem(PREFIX + applicationId, JSON.stringify(drafts));
  } catch {
    // quota or refusal: the draft is a convenience, the page still works
  }
}

/** Keeps typed answers; an answer drafted before keeps the saved value it started from. */
export function keepAnswers(
  applicationId: string,
  answers: Record<string, { value: DraftValue; base: DraftValue; label?: string }>,
  now = Date.now(),
  storage = sessionStore(),
): void {
  change(
    applicationId,
    (drafts) => {
      for (const [key, { value, base, label }] of Object.entries(answers)) {
        const before = drafts.answers[key];
        drafts.answers[key] = { value, base: before ? before.base : base, label, at: now };
      }
    },
    now,
    storage,
  );
}

/** Keeps a chosen option of a question; a question chosen before keeps the option it started from. */
export function keepChoice(
  applicationId: string,
  conciergeId: number,
  option: number,
  base: number | null,
  now = Date.now(),
  storage = sessionStore(),
): void {
  change(
    applicationId,
    (drafts) => {
      const before = drafts.choices[conciergeId];
      drafts.choices[conciergeId] = { option, base: before ? before.base : base, at: now };
    },
    now,
    storage,
  );
}

/**
 * Forgets what the server confirmed saved: answers whose draft is still the value that was sent, and
 * choices still the option that was sent (anything changed since stays).
 */
export function dropSaved(
  applicationId: string,
  saved: { answers?: Record<string, DraftValue | undefined>; choices?: Record<string, number> },
  now = Date.now(),
  storage = sessionStore(),
): void {
  change(
    applicationId,
    (drafts) => {
      for (const [key, value] of Object.entries(saved.answers ?? {})) {
        const draft = drafts.answers[key];
        if (draft && sameAnswer(draft.value, value ?? null)) delete drafts.answers[key];
      }
      for (const [id, option] of Object.entries(saved.choices ?? {})) {
        if (drafts.choices[id]?.option === option) delete drafts.choices[id];
      }
    },
    now,
    storage,
  );
}

/** Forgets entries outright (they came back, or the page said they could not). */
export function dropDrafts(
  applicationId: string,
  which: { answers?: readonly string[]; choices?: readonly (string | number)[] },
  now = Date.now(),
  storage = sessionStore(),
): void {
  change(
    applicationId,
    (drafts) => {
      for (const key of which.answers ?? []) delete drafts.answers[key];
      for (const id of which.choices ?? []) delete drafts.choices[id];
    },
    now,
    storage,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Confirmations (decision 0043): the ticks of the procedures' check messages on the last screen before
// sending, kept beside the drafts so that a trip to the signing app and back (or a reload) keeps them.
// Each tick is kept under its procedure and message text: a message the configuration changed meanwhile
// is confirmed again. Gone once the application is sent, and after DRAFT_MAX_AGE_MS like every draft.
// ---------------------------------------------------------------------------------------------------------

const CONFIRMATIONS = `${PREFIX}confirmations.`;

/** The key of one confirmation: the procedure and the message as the resident read it. */
export const confirmationKey = (procedureId: number, text: string) => `${procedureId}:${text}`;

/** The confirmations still kept for an application (none when unreadable or too old). */
export function readConfirmations(
  applicationId: string,
  now = Date.now(),
  storage = sessionStore(),
): Set<string> {
  try {
    const raw = storage?.getItem(CONFIRMATIONS + applicationId);
    if (!raw) return new Set();
    const parsed = JSON.parse(raw) as { keys?: unknown; at?: unknown };
    if (typeof parsed.at !== 'number' || now - parsed.at > DRAFT_MAX_AGE_MS) return new Set();
    return new Set(Array.isArray(parsed.keys) ? parsed.keys.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Keeps the confirmations ticked now (an empty set forgets them). */
export function keepConfirmations(
  applicationId: string,
  keys: ReadonlySet<string>,
  now = Date.now(),
  storage = sessionStore(),
): void {
  try {
    if (keys.size === 0) storage?.removeItem(CONFIRMATIONS + applicationId);
    else storage?.setItem(CONFIRMATIONS + applicationId, JSON.stringify({ keys: [...keys], at: now }));
  } catch {
    // quota or refusal: the resident ticks again
  }
}
