// The way ahead (decision 0042): the steps a procedure group really has, derived from its published
// configuration, and for an application where the resident is on them. One rule for the entrance (before
// the first question) and for 申請の流れ; the screens only render it.
import type {
  FlowStep,
  ProcedureGroupConfiguration,
  SignatureKind,
  WayAhead,
  WayStep,
  WayStepState,
} from '@portal/contracts';
import { FlowStep as FlowSteps, WAY_STEPS } from '@portal/contracts';
import {
  allowedRoutes,
  identifiedBy,
  type IdentificationRecord,
} from '../identification/identification.state.js';

/** Where an application stands, as far as the way ahead needs it. */
export interface WayProgress {
  status: string;
  currentStep: string;
  /** The assistant has a shown page still unanswered (its `current_sub_category_id` is not null). */
  questionsOpen: boolean;
  identification: IdentificationRecord;
  /** The session's sign-in read the My Number Card (decision 0041). */
  cardSignIn: boolean;
}

/**
 * Whose procedures count: the chosen ones once chosen, else those the answers allow so far (an
 * application), else all of the group (before the first question).
 */
export interface WayProcedures {
  of: WayAhead['attaches_of'];
  ids: readonly number[];
}

/** The way ahead of a group, and of an application of it when `progress` is given. */
export function wayAhead(
  config: ProcedureGroupConfiguration,
  procedures: WayProcedures = { of: 'group', ids: config.disclosure.procedures.map((p) => p.id) },
  progress?: WayProgress,
): WayAhead {
  const d = config.disclosure;
  const routes = allowedRoutes(config);
  const counted = new Set(procedures.ids);
  const chosen = d.procedures.filter((p) => counted.has(p.id));
  const slots = d.procedure_attaches.filter((a) => counted.has(a.procedure_id));

  const signatures: SignatureKind[] = [];
  if (slots.some((a) => a.type === 'SG')) signatures.push('handwritten');
  if (chosen.some((p) => p.is_signature_digital_certificate)) signatures.push('digital');

  // One line per document: two procedures asking for the same document ask for one image.
  const attaches = [
    ...new Map(
      slots
        .filter((a) => a.type !== 'SG')
        .map((a) => [`${a.type}:${a.name}`, { name: a.name, type: a.type, ...(a.en ? { en: a.en } : {}) }]),
    ).values(),
  ];

  const has: Record<WayStep, boolean> = {
    filter: config.concierge_set.filter_concierge_category.concierge_sub_category.some(
      (s) => s.concierges.length > 0,
    ),
    sign_in: true,
    assistant: config.concierge_set.assistant_concierge_category.some((c) =>
      c.concierge_sub_category.some((s) => s.concierges.length > 0),
    ),
    // The procedures page is passed even with one procedure: it shows what is sent and what to confirm.
    procedures: true,
    identification: routes.length > 0,
    form: true,
    attachments: attaches.length > 0,
    // Without a signature the application is still confirmed and sent at this step.
    signature: true,
    complete: true,
  };
  const steps = WAY_STEPS.filter((s) => has[s]);

  const identified =
    progress !== undefined &&
    (identifiedBy(progress.identification, routes) !== null || reached(progress, 'form'));
  const bySignIn = progress !== undefined && !identified && progress.cardSignIn && routes.includes('jpki');
  const done = (step: WayStep): boolean => {
    if (!progress) return false;
    const sent = progress.status !== 'draft' && progress.status !== 'withdrawn';
    switch (step) {
      case 'filter':
      case 'sign_in':
        return true;
      case 'assistant':
        return !progress.questionsOpen || sent;
      case 'procedures':
        return reached(progress, 'identification') || sent;
      case 'identification':
        return identified || sent;
      case 'form':
        return reached(progress, 'attachments') || sent;
      case 'attachments':
        return reached(progress, 'signature') || sent;
      case 'signature':
      case 'complete':
        return sent;
    }
  };
  const firstOpen = steps.find((s) => !done(s));
  const state = (step: WayStep): WayStepState =>
    !progress ? 'ahead' : done(step) ? 'done' : step === firstOpen ? 'current' : 'ahead';

  const ahead = (step: WayStep) => steps.includes(step) && !done(step);
  const prepare: WayAhead['prepare'] = [];
  // The card and its 4-digit PIN: to sign in, or to identify by card when the sign-in did not.
  const cardNeeded = !progress
    ? true
    : ahead('identification') && !bySignIn && routes.includes('jpki') && routes.length === 1;
  if (cardNeeded) prepare.push({ kind: 'card_pin' });
  if (signatures.includes('digital') && ahead('signature')) prepare.push({ kind: 'signing_pin' });
  if (ahead('attachments')) for (const attach of attaches) prepare.push({ kind: 'attach', attach });

  return {
    steps: steps.map((step) => ({ step, state: state(step) })),
    identification_routes: routes,
    identified_by_sign_in: bySignIn,
    signatures,
    attaches_of: procedures.of,
    attaches,
    prepare,
  };
}

/** The application's flow step is at `step` or beyond. */
function reached(progress: WayProgress, step: FlowStep): boolean {
  const order = FlowSteps.options;
  return order.indexOf(progress.currentStep as FlowStep) >= order.indexOf(step);
}
