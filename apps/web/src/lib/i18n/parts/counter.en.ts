// Texts of the counter handoff (decision 0026), in English.
import type { counterJa } from './counter.ja';

export const counterEn: typeof counterJa = {
  counter: {
    banner: {
      label: 'At the counter',
      staff: 'Clerk: {{name}}',
      end: 'End the counter session',
    },
    handoff: {
      toCounterHeading: 'Continue at the counter',
      toCounterIntro:
        'Show this screen to the clerk at the counter. When they scan the QR code or type the code, they go through the rest of the application with you, seeing what you have entered.',
      toResidentHeading: 'Continue on a smartphone',
      toResidentIntro:
        'The applicant scans the QR code with their smartphone camera. Once they sign in, the application is theirs and they can finish it at home.',
      qrAlt: 'QR code for the counter (code {{code}})',
      codeLabel: 'Counter code',
      expires: 'Valid until {{time}}. It can be used once.',
      renew: 'Show a new code',
      issuing: 'Preparing the code…',
      failed: 'The code could not be shown.',
      back: 'Back to your applications',
      link: 'Continue at the counter (show a QR code)',
    },
    claim: {
      heading: 'Take over an application from the counter',
      working: 'Taking over the application…',
      done: 'The application is now yours. You can continue it.',
      continue: 'Continue the application',
      noToken: 'There is no code to take over. Scan the QR code at the counter again.',
      notFound: 'No application was found for this QR code. Ask the counter to show a new one.',
      used: 'This QR code can no longer be used (it was used, or its 15 minutes have passed). Ask the counter to show a new one.',
      failed: 'The application could not be taken over.',
    },
    identity: {
      heading: 'Identity check at the counter',
      intro:
        'The clerk looks at the applicant’s identity document and chooses the one they saw. The clerk and the time are recorded instead of a My Number Card signature.',
      documentLabel: 'Identity document seen',
      documents: {
        my_number_card: 'My Number Card',
        drivers_license: 'Driving licence',
        passport: 'Passport',
        residence_card: 'Residence card or special permanent resident certificate',
        other_photo_id: 'Another official document with a photo',
      },
      record: 'Record the identity check',
      required: 'Choose the document you saw.',
      done: '{{name}} checked the identity with a {{document}} ({{time}}).',
      submit: 'Submit at the counter',
      submitNote:
        'This application is submitted without a digital signature, on the identity check at the counter.',
      failed: 'The identity check could not be recorded.',
    },
    channel: {
      label: 'Received',
      online: 'Online (sent by the applicant)',
      counter: 'At the counter (identity checked by {{name}})',
      checked: '{{document}} seen ({{time}})',
    },
  },
};
