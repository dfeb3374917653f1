import type { StateMachine } from '@portal/contracts';
import { AppError } from './errors.js';

/** Refuses a move the state machine does not allow (409), naming both states. */
export function assertTransition<S extends string>(machine: StateMachine<S>, from: S, to: S): void {
  if (!machine.can(from, to)) {
    throw new AppError('illegal_transition', `${machine.name} cannot move from ${from} to ${to}`, 'status');
  }
}
