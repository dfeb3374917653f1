import { japanDate, type AnswerContext, type Profile } from '@portal/rules';
import { fetchedSelfInformation, mynaportalClaims } from '../identification/mynaportal-claims.js';
import { registryClaims } from '../registry/registry-claims.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import type { AnswerContextRepository, LoadedAnswers } from './answer-context.repository.js';
import type { ApplicationRow } from './applications.repository.js';

/** Every option the resident chose, filter and assistant alike. */
export const chosenOptions = (application: ApplicationRow) => [
  ...new Set(Object.values(application.conciergeAnswers).flat()),
];

/** The codes of the procedures the resident chose, in configuration order. */
export const chosenProcedureCodes = (group: PublishedGroup, application: ApplicationRow) =>
  group.config.disclosure.procedures
    .filter((p) => application.procedureIds.includes(p.id))
    .map((p) => p.code);

/**
 * What the portal knows of the resident (decision 0012): identity claims, the registry's, and the
 * personal portal's self-information once fetched for this application.
 */
export function profileOf(loaded: LoadedAnswers): Profile | null {
  const fetched = Boolean((loaded.application.identification as { mynaportal?: unknown } | null)?.mynaportal);
  const claims = {
    ...(loaded.household ? registryClaims(loaded.household.self, loaded.household.members) : {}),
    ...mynaportalClaims(fetchedSelfInformation(fetched ? loaded.portal : null)),
  };
  if (!loaded.identity && Object.keys(claims).length === 0) return null;
  return { ...loaded.identity, ...claims };
}

/** The rules' context of a loaded application: its choices, answers and records, and today's date. */
export function answerContext(group: PublishedGroup, loaded: LoadedAnswers, now: Date): AnswerContext {
  return {
    procedureCodes: chosenProcedureCodes(group, loaded.application),
    optionIds: chosenOptions(loaded.application),
    stored: loaded.answers,
    profile: profileOf(loaded),
    ctx: { today: japanDate(now) },
  };
}

/** A loaded application with its rules' context (see {@link createAnswerContextReader}). */
export interface ApplicationAnswers {
  context: AnswerContext;
  /** When the last answer was saved (null: none yet). */
  lastAt: Date | null;
  /** The resident signed in with the identity provider (its claims are kept). */
  hasIdentityProfile: boolean;
}

/** Reads what the answer rules need of an application in one statement (answer-context.repository). */
export function createAnswerContextReader(deps: { repository: AnswerContextRepository; clock: () => Date }) {
  const answersOf = (group: PublishedGroup, loaded: LoadedAnswers): ApplicationAnswers => ({
    context: answerContext(group, loaded, deps.clock()),
    lastAt: loaded.lastAt,
    hasIdentityProfile: loaded.identity !== null,
  });
  return {
    /** An application with everything its answers' rules read; null when the municipality has no such one. */
    load: (municipalityId: number, applicationId: string) =>
      deps.repository.load(municipalityId, applicationId),
    /** `load` of many applications of one municipality in one statement, in any order. */
    loadMany: (municipalityId: number, applicationIds: readonly string[]) =>
      deps.repository.loadMany(municipalityId, applicationIds),
    /** The rules' view of what `load` read, for the application's configuration version. */
    answersOf,
    /** `load` and `answersOf` for an application already in hand (staff edits, submission). */
    async read(group: PublishedGroup, application: ApplicationRow): Promise<ApplicationAnswers> {
      const loaded = await deps.repository.load(application.municipalityId, application.id);
      if (!loaded) throw new Error(`application ${application.id} vanished while being read`);
      return answersOf(group, loaded);
    },
  };
}
export type AnswerContextReader = ReturnType<typeof createAnswerContextReader>;
