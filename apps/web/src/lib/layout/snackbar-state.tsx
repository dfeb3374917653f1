// The page's one snackbar message, held above the router so it survives a change of frame (sign-out
// moves from the signed-in shell to the sign-in screen). The frames show it (SnackbarHost, with MUI).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAVIGATION_BLOCKED_EVENT, type NavigationBlockedDetail } from '../navigation/navigation-guard';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarMessage {
  key: number;
  text: string;
  severity: Severity;
}

type Notify = (text: string, severity?: Severity) => void;

interface SnackbarState {
  message: SnackbarMessage | null;
  open: boolean;
  notify: Notify;
  close: () => void;
}

const SnackbarContext = createContext<SnackbarState>({
  message: null,
  open: false,
  notify: () => undefined,
  close: () => undefined,
});

/** Shows a short message at the bottom of the page: `notify('保存しました', 'success')`. */
export const useSnackbar = (): Notify => useContext(SnackbarContext).notify;

export const useSnackbarState = () => useContext(SnackbarContext);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The newest message replaces the one shown: a message that is out of date is noise.
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((text, severity = 'info') => {
    setMessage((previous) => ({ key: (previous?.key ?? 0) + 1, text, severity }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onBlocked = (event: Event) => {
      const { reason, host } = (event as CustomEvent<NavigationBlockedDetail>).detail;
      notify(
        reason === 'external' && host
          ? t('navigation.blockedExternal', { host })
          : t('navigation.blockedScript'),
        'warning',
      );
    };
    window.addEventListener(NAVIGATION_BLOCKED_EVENT, onBlocked);
    return () => window.removeEventListener(NAVIGATION_BLOCKED_EVENT, onBlocked);
  }, [notify, t]);

  const value = useMemo(() => ({ message, open, notify, close }), [message, open, notify, close]);
  return <SnackbarContext.Provider value={value}>{children}</SnackbarContext.Provider>;
}
