// What the writing use cases share: the group lock, the configuration check, and collisions as 409.
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { AppError, conflict, validationFailed } from '../../http/errors.js';
import { configurationProblems } from './configuration-check.js';
import { createReflectionRepository, type Exec } from './reflection.repository.js';

/** The SQLSTATE of a database error, wherever the driver put it. */
function sqlState(error: unknown): { code?: string; detail?: string } {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const detail = (e as { detail?: unknown }).detail;
      return { code, detail: typeof detail === 'string' ? detail : (e as Error).message };
    }
  }
  return {};
}

/** Runs a write; a uniqueness or reference violation (ids, names, codes) becomes 409 and nothing is kept. */
export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, detail } = sqlState(err);
    if (code === '23505' || code === '23503')
      throw conflict(`the configuration collides with existing data: ${detail ?? 'constraint violated'}`);
    throw err;
  }
}

export const lockGroup = (tx: Exec, groupId: number) => createReflectionRepository(tx).lockGroup(groupId);

/** Refuses a configuration the checks find problems in (validation_failed, one entry per field). */
export function refuseProblems(g: ProcedureGroupConfiguration) {
  const problems = configurationProblems(g);
  if (problems.length > 0) throw validationFailed(problems);
}
