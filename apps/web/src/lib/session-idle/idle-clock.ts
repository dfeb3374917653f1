// When this browser's sign-in ends unless used again (decision 0044): every answer of a signed-in call
// carries X-Session-Idle-Seconds; the latest one sets the deadline, shared with this area's other tabs
// (a call in one tab keeps the session alive for all of them). Nothing personal is stored.
import { SESSION_IDLE_HEADER } from '@portal/contracts/http-names';

export interface IdleDeadline {
  /** When the session ends unless used again (this browser's clock, ms). */
  at: number;
  /** The longest time left seen: the idle timeout itself, in seconds. */
  fullSeconds: number;
}

type Listener = (deadline: IdleDeadline | null) => void;

export interface IdleClock {
  current(): IdleDeadline | null;
  /** Reads an answer's header (answers without it change nothing). */
  note(response: Pick<Response, 'headers'>): void;
  subscribe(listener: Listener): () => void;
}

type Shared = Pick<Storage, 'getItem' | 'setItem'>;

/** One clock per area; `key` names its shared entry (one per build target). */
export function createIdleClock(options: {
  key: string;
  now?: () => number;
  storage?: Shared | null;
  /** Where other tabs' changes arrive (window in the browser). */
  events?: Pick<Window, 'addEventListener'> | null;
}): IdleClock {
  const now = options.now ?? Date.now;
  const listeners = new Set<Listener>();
  let deadline: IdleDeadline | null = null;

  const set = (next: IdleDeadline, share: boolean) => {
    deadline = next;
    if (share) {
      try {
        options.storage?.setItem(options.key, JSON.stringify(next));
      } catch {
        // storage refused: the other tabs keep their own deadline
      }
    }
    for (const listener of listeners) listener(deadline);
  };

  options.events?.addEventListener('storage', (event) => {
    const e = event as StorageEvent;
    if (e.key !== options.key || !e.newValue) return;
    try {
      const shared = JSON.parse(e.newValue) as IdleDeadline;
      if (typeof shared.at === 'number' && typeof shared.fullSeconds === 'number') {
        // Another tab's call moved it on (never back: an older answer arriving late changes nothing).
        if (!deadline || shared.at > deadline.at) set(shared, false);
      }
    } catch {
      // not ours
    }
  });

  return {
    current: () => deadline,
    note(response) {
      const value = response.headers.get(SESSION_IDLE_HEADER);
      if (value === null || !/^\d{1,7}$/.test(value)) return;
      const seconds = Number(value);
      set({ at: now() + seconds * 1000, fullSeconds: Math.max(seconds, deadline?.fullSeconds ?? 0) }, true);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** How long before the end the screen warns: 2 minutes, or half the timeout when that is shorter. */
export const warningLeadMs = (fullSeconds: number) => Math.min(120, Math.floor(fullSeconds / 2)) * 1000;
