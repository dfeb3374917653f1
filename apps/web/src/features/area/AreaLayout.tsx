// The signed-in frame of the staff area and the master tool: the shell with its navigation and sign-out.
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api';
import { IdleWarning } from '../../lib/session-idle/IdleWarning';
import { AreaShell, type NavItem } from '../../lib/layout/AreaShell';
import { NotFoundPage } from '../../lib/layout/pages';
import { useSnackbar } from '../../lib/layout/snackbar';
import { Themed } from '../../lib/layout/Themed';
import { areaTarget, signOut, type LoginStatus } from '../../lib/staff/session';

/** The signed-in frame with the target's navigation (each target wraps it with its own items). */
export function AreaLayout({
  items,
  beforeSignOut,
}: {
  items: NavItem[];
  /** Work done before signing out (the master tool signs out of its other environment); never blocks. */
  beforeSignOut?: () => Promise<void>;
}) {
  return (
    <Themed>
      <SignedInShell items={items} beforeSignOut={beforeSignOut} />
    </Themed>
  );
}

function SignedInShell({ items, beforeSignOut }: { items: NavItem[]; beforeSignOut?: () => Promise<void> }) {
  const { loginStatus: status } = useRouteContext({ strict: false }) as { loginStatus: LoginStatus };
  const onSignOut = useSignOut(beforeSignOut);
  return (
    <AreaShell target={areaTarget} items={items} userName={status.user?.name ?? null} onSignOut={onSignOut}>
      <Outlet />
      <IdleWarning />
    </AreaShell>
  );
}

/** Signs out and returns to the sign-in screen with a message. */
export function useSignOut(beforeSignOut?: () => Promise<void>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useSnackbar();
  return () =>
    void (beforeSignOut ? beforeSignOut().catch(() => undefined) : Promise.resolve())
      .then(() => signOut(areaTarget, queryClient))
      .then(
        () => {
          notify(t('snackbar.signedOut'), 'success');
          void navigate({ to: '/login', replace: true });
        },
        (error: unknown) =>
          notify(
            // The master tool shows the server's messages (spec §8); the staff area its own words.
            areaTarget === 'mastertool'
              ? error instanceof Error
                ? error.message
                : String(error)
              : errorText(error, t),
            'error',
          ),
      );
}

/** 'Page not found' inside the shell (no navigation: the visitor may not be signed in). */
export function NotFoundInShell() {
  return (
    <Themed>
      <AreaShell target={areaTarget} items={[]}>
        <NotFoundPage homeHref="/" />
      </AreaShell>
    </Themed>
  );
}
