// The signed-in frame of the staff area and the master tool: the shell with its navigation and sign-out.
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaShell, type NavItem } from '../../lib/layout/AreaShell';
import { NotFoundPage } from '../../lib/layout/pages';
import { useSnackbar } from '../../lib/layout/snackbar';
import { Themed } from '../../lib/layout/Themed';
import { areaTarget, signOut, type LoginStatus } from './session';

/** The signed-in frame with the target's navigation (each target wraps it with its own items). */
export function AreaLayout({ items }: { items: NavItem[] }) {
  return (
    <Themed>
      <SignedInShell items={items} />
    </Themed>
  );
}

function SignedInShell({ items }: { items: NavItem[] }) {
  const { loginStatus: status } = useRouteContext({ strict: false }) as { loginStatus: LoginStatus };
  const onSignOut = useSignOut();
  return (
    <AreaShell target={areaTarget} items={items} userName={status.user?.name ?? null} onSignOut={onSignOut}>
      <Outlet />
    </AreaShell>
  );
}

/** Signs out and returns to the sign-in screen with a message. */
export function useSignOut() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useSnackbar();
  return () =>
    void signOut(areaTarget, queryClient).then(
      () => {
        notify(t('snackbar.signedOut'), 'success');
        void navigate({ to: '/login', replace: true });
      },
      (error: unknown) => notify(error instanceof Error ? error.message : String(error), 'error'),
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
