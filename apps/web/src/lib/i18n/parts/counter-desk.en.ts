// The counter tablet's screen in the staff area (decision 0026), in English.
import type { counterDeskJa } from './counter-desk.ja';

export const counterDeskEn: typeof counterDeskJa = {
  counterDesk: {
    intro: 'Scan the QR code on the applicant’s smartphone, or type the counter code.',
    termsHeading: 'Terms of use of the tablet',
    termsNote: 'Let the applicant read the terms before you start.',
    scanHeading: 'Scan the QR code',
    startCamera: 'Scan with the camera',
    stopCamera: 'Stop the camera',
    cameraHint: 'Hold the QR code in front of the camera.',
    cameraVideo: 'Camera picture',
    cameraUnavailable: 'The camera cannot be used. Type the counter code instead.',
    codeHeading: 'Type the counter code',
    codeLabel: 'Counter code (8 letters and digits)',
    codeHelp: 'For example ABCD-EFGH (case and hyphen do not matter)',
    take: 'Take the application',
    taking: 'Taking the application…',
    takenHeading: 'Application taken',
    applicant: 'Applicant',
    notAnswered: '(not entered yet)',
    group: 'Procedure group',
    procedures: 'Procedures',
    updatedAt: 'Last changed',
    continue: 'Continue with the applicant',
    newHeading: 'Start a new application at the counter',
    newIntro:
      'Start an application together with the applicant. Part way through, you can hand it to their smartphone with a QR code.',
    start: 'Start a new application',
    submittedHeading: 'The counter application was submitted.',
    submittedIntro: 'Tell the applicant the reference numbers. You can also find them in the documents list.',
    referenceNumber: 'Reference number',
    referencesLabel: 'Procedures and reference numbers',
    referencesLoadError: 'The reference numbers could not be loaded. Find them in the documents list.',
    toDocuments: 'Open the documents list',
    errors: {
      invalid: 'The counter code has 8 letters and digits. Check what you typed.',
      notFound: 'No application was found for this code. Check what you typed.',
      used: 'This code can no longer be used (it was used, or its 15 minutes have passed). Ask the applicant to show a new code.',
    },
  },
};
