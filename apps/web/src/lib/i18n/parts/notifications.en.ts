// Texts of the resident's notifications (issue 17, decision 0025), in English (same keys as the Japanese).
import type { notificationsJa } from './notifications.ja';

export const notificationsEn: typeof notificationsJa = {
  notifications: {
    settingsLink: 'Notification settings',
    intro:
      'We can email you when the status of an application changes. Without an email address, you see the same news under “News” when you sign in.',
    loadError: 'Your notification settings could not be loaded.',
    address: {
      heading: 'Email address for notices',
      current: 'Your email address: {{email}}',
      none: 'You have not given an email address.',
      label: 'Email address',
      changeLabel: 'New email address',
      help: 'We send a 6-digit confirmation code to this address.',
      invalid: 'Enter an email address in the right format, like taro@example.jp',
      send: 'Send confirmation code',
      sent: 'We sent a confirmation code to {{email}}. Enter the 6 digits from the email by {{time}}.',
      codeLabel: 'Confirmation code (6 digits)',
      codeHelp: 'If the email does not arrive, check your spam folder.',
      verify: 'Confirm',
      codeIncomplete: 'Enter the confirmation code as 6 digits.',
      codeWrong: 'The confirmation code is not right. Enter the 6 digits from the email.',
      codeExpired:
        'The confirmation code has expired or can no longer be used. Choose “Send confirmation code” to get a new one.',
      codeTooMany:
        'The code was entered wrongly too many times and can no longer be used. Choose “Send confirmation code” to get a new one.',
      sendTooMany: 'Too many codes were sent. Wait about 15 minutes, then send one again.',
      verified: 'Your email address was saved.',
      remove: 'Remove email address',
      removed: 'Your email address was removed. You will see news when you sign in.',
    },
    events: {
      heading: 'What to email you about',
      help: 'We email you when one of these happens. Everything else is still shown under “News” when you sign in.',
      noAddress: 'Give an email address to receive these by email.',
      received: 'When your application is received',
      remanded: 'When your application is sent back for correction',
      completed: 'When your application has been dealt with',
      rejected: 'When your application is rejected',
      draft_expiring: 'When an unfinished application will soon be deleted',
      save: 'Save these choices',
      saved: 'Your notification settings were saved.',
    },
    news: {
      heading: 'News',
      received: 'Your application for {{procedures}} was received.',
      remanded:
        'Your application for {{procedures}} was sent back. Read the reason, correct it, then send it again.',
      completed: 'Your application for {{procedures}} has been dealt with.',
      rejected:
        'Your application for {{procedures}} was rejected. Please contact the department in charge for details.',
      draft_expiring:
        'Your unfinished application ({{group}}) will be deleted on {{date}}. To keep it, open it and carry on.',
      reference: '{{name}} (reference number {{reference}})',
      remandReason: 'Reason for sending it back',
      rejectionReason: 'Reason for the rejection',
      openRemanded: 'Open what to correct',
      openApplications: 'Open your applications',
    },
    unsubscribe: {
      intro: 'Stop the notices we send by email. You will still see news when you sign in.',
      submit: 'Stop notification emails',
      done: 'Notification emails are stopped. To receive them again, choose what to be told about in “Notification settings”.',
      invalid:
        'This link cannot be used. Open the link in the email exactly as it is, or sign in and stop them in “Notification settings”.',
      settings: 'Open notification settings',
    },
  },
};
