// Two minutes before a sign-in ends for want of use, a dialog says so and offers 「続ける」, which makes
// a call (the session is used, so it lives on); once it has ended, it offers signing in again back to
// this page (decision 0044). Typed answers are already in the draft store (lib/drafts) as they are typed.
// Each area mounts one: the applicant pages and the signed-in frame of the staff area and master tool.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { currentTarget } from '../app/current-target';
import { safeLocation } from '../navigation/navigation-guard';
import { signInAgainUrl } from '../router/sign-in-again';
import { idleClock as areaClock } from './area-clock';
import { warningLeadMs, type IdleClock, type IdleDeadline } from './idle-clock';

/** The call that uses the session of this area (its sign-in status). */
function keepAlive(): Promise<unknown> {
  if (currentTarget === 'municipality') return api('staff.login.status');
  if (currentTarget === 'mastertool') return api('operator.login.status');
  return api('applicant.login.status');
}

function signInAgain(beforeLeaving?: () => void) {
  beforeLeaving?.();
  safeLocation.assign(signInAgainUrl());
}

/** The deadline and this moment, re-rendered each second only while the warning shows. */
function useIdlePhase(clock: IdleClock) {
  const [deadline, setDeadline] = useState<IdleDeadline | null>(clock.current());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => clock.subscribe(setDeadline), [clock]);
  useEffect(() => {
    if (!deadline) return;
    let tick: ReturnType<typeof setInterval> | undefined;
    // Silent until the warning is due, then once a second until the end.
    const startTicking = () => {
      setNow(Date.now());
      tick = setInterval(() => {
        setNow(Date.now());
        if (Date.now() > deadline.at && tick) clearInterval(tick);
      }, 1000);
    };
    const wait = deadline.at - warningLeadMs(deadline.fullSeconds) - Date.now();
    const timer = wait > 0 ? setTimeout(startTicking, wait) : undefined;
    if (wait <= 0) startTicking();
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [deadline]);
  if (!deadline) return { phase: 'none' as const, left: 0, deadline };
  const left = deadline.at - now;
  if (left <= 0) return { phase: 'ended' as const, left: 0, deadline };
  if (left <= warningLeadMs(deadline.fullSeconds)) return { phase: 'warning' as const, left, deadline };
  return { phase: 'none' as const, left, deadline };
}

export function IdleWarning({
  clock = areaClock,
  beforeLeaving,
}: {
  clock?: IdleClock;
  /** Lets the page's unsaved-input guard pass the way to sign-in (the input is in the draft store). */
  beforeLeaving?: () => void;
}) {
  const { t } = useTranslation();
  const { phase, left, deadline } = useIdlePhase(clock);
  const [pending, setPending] = useState(false);
  // Closed with Esc: hidden until this deadline ends (or a call moves it).
  const [dismissed, setDismissed] = useState<string | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const shownFor = `${deadline?.at ?? 0}:${phase}`;
  if (phase === 'none' || dismissed === shownFor) return null;

  const seconds = Math.ceil(left / 1000);
  const time =
    seconds >= 60
      ? t('unsaved.idleMinutes', { m: Math.floor(seconds / 60), s: seconds % 60 })
      : t('unsaved.idleSeconds', { s: seconds });
  const carryOn = () => {
    setPending(true);
    // The answer's header moves the deadline on, which closes the dialog.
    void keepAlive()
      .catch(() => undefined)
      .finally(() => setPending(false));
  };
  const ended = phase === 'ended';
  return (
    <Dialog
      open
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => setDismissed(shownFor)}
      data-testid={ended ? 'idle-ended' : 'idle-warning'}
    >
      <DialogTitle id={titleId} component="h2">
        {ended ? t('unsaved.sessionTitle') : t('unsaved.idleTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {ended
            ? currentTarget === 'applicant'
              ? t('unsaved.sessionBody')
              : t('unsaved.idleEndedBody')
            : t('unsaved.idleBody', { time })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {ended ? (
          <Button variant="contained" autoFocus onClick={() => signInAgain(beforeLeaving)}>
            {t('unsaved.signInAgain')}
          </Button>
        ) : (
          <Button variant="contained" autoFocus disabled={pending} onClick={carryOn}>
            {t('unsaved.idleContinue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
