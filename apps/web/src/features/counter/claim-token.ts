// The token of a QR code from the counter, kept in this tab while the resident signs in (decision 0026).
import { handoffToken } from './counter-session';

const KEY = 'portal.handoff.token';

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Moves a `#token=...` of the address into this tab's storage and out of the address (and history). */
export function keepTokenFromAddress(): void {
  const token = handoffToken(window.location.hash, 'token');
  if (!token) return;
  try {
    tabStorage()?.setItem(KEY, token);
  } catch {
    // Not kept: the screen asks to scan again.
  }
  window.history.replaceState(window.history.state, '', window.location.pathname);
}

/** The kept token, once: it is removed as it is read. */
export function takeKeptToken(): string | null {
  try {
    const token = tabStorage()?.getItem(KEY) ?? null;
    tabStorage()?.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}
