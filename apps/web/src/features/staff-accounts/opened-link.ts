// A mailed link's token is exchanged, once, for a short form session (decision 0044): the page sends it
// in a body as it opens, then takes it out of the address bar, so neither history nor a reload keeps it.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';

export type LinkState = { kind: 'opening' } | { kind: 'open' } | { kind: 'refused'; error: unknown };

/** True when the server says the link was opened before (a link works once). */
export const isUsedLink = (error: unknown) => isApiError(error) && error.status === 409;

/**
 * Opens the link of `token` once (`open` sends it), then replaces the address with one without it.
 * Without a token the page is already open (a reload of the form): `open` is not called.
 */
export function useOpenedLink(
  token: string | null,
  code: string,
  open: (token: string) => Promise<unknown>,
): LinkState {
  const navigate = useNavigate();
  // What became of which token: a page whose token changed (or left) starts afresh.
  const [result, setResult] = useState<{ token: string; state: LinkState } | null>(null);
  // Once per token, even when React runs the effect twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    open(token).then(
      () => {
        setResult({ token, state: { kind: 'open' } });
        // As a number, like the mailed link's (a string would be written JSON-quoted); linkMunicipality
        // pads it back to six digits.
        void navigate({ to: '.', search: { municipality: Number(code) }, replace: true });
      },
      (error: unknown) => setResult({ token, state: { kind: 'refused', error } }),
    );
  }, [token, code, open, navigate]);
  if (!token) return { kind: 'open' };
  return result?.token === token ? result.state : { kind: 'opening' };
}
