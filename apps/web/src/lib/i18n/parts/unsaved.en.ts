// Texts about input not yet saved and a sign-in that ended, in English.
import type { unsavedJa } from './unsaved.ja';

export const unsavedEn: typeof unsavedJa = {
  unsaved: {
    dialogTitle: 'You have answers that are not saved',
    dialogBody: 'What you entered on this page has not been saved yet. If you leave, it will be lost.',
    stay: 'Stay on this page',
    leave: 'Leave without saving',
    restored: 'We brought back what you entered but had not saved. Check it, then save.',
    notRestoredTitle: 'Some of what you entered could not be brought back',
    notRestoredChanged:
      '“{{label}}”: a newer answer was saved elsewhere, so that one was kept. Enter yours again if you need to.',
    notRestoredGone: '“{{label}}”: this application no longer asks for it.',
    sessionTitle: 'Your sign-in has expired',
    sessionBody:
      'For your safety, you are signed out after a while without activity. Sign in again to come back to this page. What you entered is kept.',
    signInAgain: 'Sign in again',
    idleTitle: 'You will soon be signed out',
    idleBody:
      'You have not done anything for a while, so you will be signed out in {{time}}. To keep working, select “Continue”.',
    idleMinutes: '{{m}} min {{s}} s',
    idleSeconds: '{{s}} s',
    idleContinue: 'Continue',
    idleEndedBody:
      'For your safety, you are signed out after a while without activity. Sign in again to come back to this page.',
  },
};
