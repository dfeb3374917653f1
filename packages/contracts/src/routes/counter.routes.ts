import { Ok } from '../common.js';
import { Application } from '../application.js';
import * as C from '../counter.js';
import { route } from './define.js';

const M = '/api/municipalities/{code}';
const APP = `${M}/applications/{applicationId}`;
const tag = 'counter';

/** Counter handoff (decision 0026): the resident's and the counter tablet's calls. */
export const counterRoutes = [
  route({
    id: 'applicant.handoff.create',
    method: 'POST',
    path: `${APP}/handoff/`,
    audience: 'applicant',
    tag,
    summary:
      'Issues the one-time handoff of a draft (15 minutes): to the counter from a resident, to the resident from a counter session',
    response: C.Handoff,
    successStatus: 201,
  }),
  route({
    id: 'applicant.handoff.claim',
    method: 'POST',
    path: `${M}/handoff/claim/`,
    audience: 'applicant',
    tag,
    summary: 'A signed-in resident takes over an application started at the counter (single use)',
    body: C.HandoffClaimRequest,
    response: Application,
  }),
  route({
    id: 'applicant.counter_session.get',
    method: 'GET',
    path: `${M}/counter-session/`,
    audience: 'applicant',
    auth: false,
    tag,
    summary: 'The counter session of this browser, if any (the banner 「窓口で受付中」)',
    response: C.CounterSessionView,
  }),
  route({
    id: 'applicant.counter_session.end',
    method: 'DELETE',
    path: `${M}/counter-session/`,
    audience: 'applicant',
    tag,
    summary: 'Ends the counter session of this browser (the application stays as saved)',
    response: Ok,
  }),
  route({
    id: 'applicant.identification.counter',
    method: 'POST',
    path: `${APP}/identification/counter/`,
    audience: 'applicant',
    tag,
    summary: 'Records the identity check the clerk of this counter session made (instead of the card)',
    body: C.CounterIdentityRequest,
    response: C.CounterCheck,
  }),
  route({
    id: 'staff.counter.take',
    method: 'POST',
    path: `${M}/counter/handoffs/`,
    audience: 'staff',
    tag,
    summary:
      'Takes a resident’s handoff (QR token or typed code): starts this browser’s counter session for that application',
    body: C.HandoffClaimRequest,
    response: C.CounterTaken,
  }),
  route({
    id: 'staff.counter.submitted',
    method: 'GET',
    path: `${M}/counter/submitted/{applicationId}/`,
    audience: 'staff',
    tag,
    summary:
      'An application this clerk sent at the counter: its reference numbers, to tell the resident (404 for any other)',
    response: C.CounterSubmitted,
  }),
  route({
    id: 'staff.counter.start',
    method: 'POST',
    path: `${M}/counter/sessions/`,
    audience: 'staff',
    tag,
    summary: 'Starts a counter session for a new application made at the counter',
    response: C.CounterStarted,
    successStatus: 201,
  }),
];
