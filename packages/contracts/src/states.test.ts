import { describe, expect, it } from 'vitest';
import { applicationStates, documentStates, jobStates, stateMachines } from './states.js';

describe('state machines', () => {
  it('name only declared states in their transitions, and every state is reachable from the initial one', () => {
    for (const m of stateMachines) {
      const states = new Set<string>(m.states);
      const reached = new Set<string>([m.initial]);
      const queue: string[] = [m.initial];
      while (queue.length > 0) {
        const from = queue.shift()!;
        for (const to of (m.transitions as Record<string, readonly string[]>)[from] ?? []) {
          expect(states.has(to), `${m.name}: ${from} -> ${to}`).toBe(true);
          if (!reached.has(to)) {
            reached.add(to);
            queue.push(to);
          }
        }
      }
      expect([...reached].sort(), m.name).toEqual([...states].sort());
    }
  });

  it('allow the moves of the flow and refuse the others', () => {
    expect(applicationStates.can('draft', 'submitted')).toBe(true);
    expect(applicationStates.can('completed', 'draft')).toBe(false);
    expect(documentStates.can('remanded', 'resubmitted')).toBe(true);
    expect(documentStates.can('completed', 'remanded')).toBe(false);
    expect(jobStates.can('running', 'cancelled')).toBe(false);
    expect(jobStates.isFinal('succeeded')).toBe(true);
  });

  it('validate status values with their schema', () => {
    expect(documentStates.schema.safeParse('remanded').success).toBe(true);
    expect(documentStates.schema.safeParse('lost').success).toBe(false);
  });
});
