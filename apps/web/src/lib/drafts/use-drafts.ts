// The draft store in a page: the drafts read once as the page opens, what could not or need not come
// back forgotten, and every answer the resident changes kept as they type.
import { useEffect, useRef, useState } from 'react';
import { dropDrafts, keepAnswers, readDrafts, type DraftValue, type Drafts } from './draft-store';
import type { NotRestored } from './restore';

type Answers = Readonly<Record<string, DraftValue | undefined>>;
/** What a page found of the drafts: not brought back (named on the page) or already saved. */
type Settled = { notRestored: NotRestored[]; alreadySaved: string[] };
const settledKeys = (r?: Settled) => (r ? [...r.notRestored.map((n) => n.key), ...r.alreadySaved] : []);

/** The application's drafts as the page opened (read once, so a re-render does not restore again). */
export function useOpeningDrafts(applicationId: string): Drafts {
  const [drafts] = useState(() => readDrafts(applicationId));
  return drafts;
}

/** Forgets, once, the drafts a page found done (already saved) or could not bring back (and named). */
export function useSettleDrafts(applicationId: string, settled: { answers?: Settled; choices?: Settled }) {
  const once = useRef(settled);
  useEffect(() => {
    const { answers, choices } = once.current;
    dropDrafts(applicationId, { answers: settledKeys(answers), choices: settledKeys(choices) });
  }, [applicationId]);
}

/**
 * Keeps each answer that changes while the page is dirty (typed, copied, looked up), with the saved
 * value it started from; answers the server put in after a save are not drafts.
 */
export function useKeepAnswers(
  applicationId: string,
  values: Answers,
  saved: Readonly<Record<string, DraftValue | undefined>>,
  isDirty: () => boolean,
  labelOf: (key: string) => string | undefined,
) {
  const previous = useRef(values);
  const latest = useRef({ saved, isDirty, labelOf });
  latest.current = { saved, isDirty, labelOf };
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    if (before === values || !latest.current.isDirty()) return;
    const { saved: base, labelOf: label } = latest.current;
    const changed: Record<string, { value: DraftValue; base: DraftValue; label?: string }> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(values)])) {
      if (before[key] !== values[key])
        changed[key] = { value: values[key] ?? null, base: base[key] ?? null, label: label(key) };
    }
    if (Object.keys(changed).length > 0) keepAnswers(applicationId, changed);
  }, [applicationId, values]);
}
