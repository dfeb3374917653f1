// One application of the signed-in resident, for the screens of the flow (form to completion), and
// where each of those screens lives.
import type { Application } from './steps';

// One lookup for every screen of the flow: the steps module owns it.
export { screenPath, useApplication, useApplicationParams, type Application } from './steps';

/** A draft or remanded application can still be changed; a submitted one is read-only. */
export const isEditable = (application: Pick<Application, 'status'>) =>
  application.status === 'draft' || application.status === 'remanded';
