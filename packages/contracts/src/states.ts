import { z } from 'zod';

/** A state machine declared once: its states and, for each, the states it may move to. */
export interface StateMachine<S extends string> {
  name: string;
  states: readonly S[];
  schema: z.ZodEnum<{ [K in S]: K }>;
  initial: S;
  transitions: Readonly<Record<S, readonly S[]>>;
  can(from: S, to: S): boolean;
  isFinal(state: S): boolean;
}

function machine<const S extends string>(
  name: string,
  states: readonly [S, ...S[]],
  initial: S,
  transitions: Record<S, readonly S[]>,
): StateMachine<S> {
  return {
    name,
    states,
    schema: z.enum(states as unknown as [S, ...S[]]) as unknown as z.ZodEnum<{ [K in S]: K }>,
    initial,
    transitions,
    can: (from, to) => transitions[from].includes(to),
    isFinal: (state) => transitions[state].length === 0,
  };
}

/** A resident's application: the whole flow, from the first concierge answer to the last document. */
export const applicationStates = machine(
  'application',
  ['draft', 'submitted', 'remanded', 'completed', 'withdrawn'],
  'draft',
  {
    draft: ['submitted', 'withdrawn'],
    submitted: ['remanded', 'completed', 'withdrawn'],
    remanded: ['submitted', 'withdrawn'],
    completed: [],
    withdrawn: [],
  },
);

/** One submitted procedure as staff handle it. */
export const documentStates = machine(
  'document',
  ['received', 'in_progress', 'remanded', 'resubmitted', 'completed', 'rejected', 'withdrawn'],
  'received',
  {
    received: ['in_progress', 'remanded', 'completed', 'rejected', 'withdrawn'],
    in_progress: ['remanded', 'completed', 'rejected', 'withdrawn'],
    remanded: ['resubmitted', 'withdrawn'],
    resubmitted: ['in_progress', 'remanded', 'completed', 'rejected', 'withdrawn'],
    completed: [],
    rejected: [],
    withdrawn: [],
  },
);

/** One step of a document's workflow (from the procedure's workflow template). */
export const workflowStepStates = machine(
  'workflow_step',
  ['pending', 'in_progress', 'approved', 'returned', 'skipped'],
  'pending',
  {
    pending: ['in_progress', 'skipped'],
    in_progress: ['approved', 'returned'],
    returned: ['in_progress'],
    approved: [],
    skipped: [],
  },
);

/** A digital-signature transaction with the signing app (miid route). */
export const signTransactionStates = machine(
  'sign_transaction',
  ['registered', 'signed', 'verified', 'failed', 'expired'],
  'registered',
  {
    registered: ['signed', 'failed', 'expired'],
    signed: ['verified', 'failed'],
    verified: [],
    failed: [],
    expired: [],
  },
);

/** A national personal portal self-information session: create, redirect, poll, fetch. */
export const selfInformationStates = machine(
  'self_information',
  ['created', 'authorizing', 'ready', 'fetched', 'failed', 'expired'],
  'created',
  {
    created: ['authorizing', 'failed', 'expired'],
    authorizing: ['ready', 'failed', 'expired'],
    ready: ['fetched', 'failed', 'expired'],
    fetched: [],
    failed: [],
    expired: [],
  },
);

/** Background work (rendering, exporting, deleting): polled by a status call. */
export const jobStates = machine('job', ['queued', 'running', 'succeeded', 'failed', 'cancelled'], 'queued', {
  queued: ['running', 'cancelled'],
  running: ['succeeded', 'failed'],
  failed: ['queued'],
  succeeded: [],
  cancelled: [],
});

export const stateMachines = [
  applicationStates,
  documentStates,
  workflowStepStates,
  signTransactionStates,
  selfInformationStates,
  jobStates,
] as const;

export const ApplicationStatus = applicationStates.schema;
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;
export const DocumentStatus = documentStates.schema;
export type DocumentStatus = z.infer<typeof DocumentStatus>;
export const WorkflowStepStatus = workflowStepStates.schema;
export type WorkflowStepStatus = z.infer<typeof WorkflowStepStatus>;
export const SignTransactionStatus = signTransactionStates.schema;
export type SignTransactionStatus = z.infer<typeof SignTransactionStatus>;
export const SelfInformationStatus = selfInformationStates.schema;
export type SelfInformationStatus = z.infer<typeof SelfInformationStatus>;
export const JobStatus = jobStates.schema;
export type JobStatus = z.infer<typeof JobStatus>;

/** The application flow in order; `current_step` of an application is one of these. */
export const FlowStep = z.enum([
  'filter',
  'procedures',
  'identification',
  'form',
  'attachments',
  'signature',
  'complete',
]);
export type FlowStep = z.infer<typeof FlowStep>;

/** The step an application is at after finishing one: never back to an earlier step (a change later). */
export function advanceStep(current: string, reached: FlowStep): FlowStep {
  const order = FlowStep.options;
  const at = order.indexOf(current as FlowStep);
  return at > order.indexOf(reached) ? (current as FlowStep) : reached;
}
