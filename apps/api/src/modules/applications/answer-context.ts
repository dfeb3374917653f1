import { japanDate, type AnswerContext, type Profile } from '@portal/rules';
import { fetchedSelfInformation, mynaportalClaims } from '../identification/mynaportal-claims.js';
import { registryClaims } from '../registry/registry-claims.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import { LRUCache } from 'lru-cache';
import type {
  AnswerContextRepository,
  LoadedAnswers,
  SessionToConfirm,
} from './answer-context.repository.js';
import type { ApplicationRow, StoredAnswer } from './applications.repository.js';

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
  /** The application row's version it was read at: a save guarded by it fails if the row moved. */
  version: string;
  /** Answers derived from this context (a serialized form), kept while the context holds. */
  memo: Map<string, Buffer>;
}

/** A context kept between requests, valid while its stamp matches the database's (decision 0046). */
interface Kept {
  stamp: string;
  version: string;
  loaded: LoadedAnswers;
  /** `loaded.application` is the row as read at `stamp` (not one built after a save): reads may omit it. */
  rowRead: boolean;
  /** The rules' view for one day, with what was derived from it. */
  day?: { today: string; group: PublishedGroup; answers: ApplicationAnswers };
}

/** Orders answers as the statement does (`collate "C"`): a context kept after a save reads alike. */
const byKey = (a: StoredAnswer, b: StoredAnswer) =>
  a.standard_item_code < b.standard_item_code
    ? -1
    : a.standard_item_code > b.standard_item_code
      ? 1
      : a.sequence - b.sequence;

/**
 * Reads what the answer rules need of an application in one statement (answer-context.repository),
 * keeping the parsed context per application: a request whose stamp still holds costs the database one
 * row and the server no parsing or rule work (decision 0046). Bounded; per process; never trusted without the
 * database's stamp, so several processes and any writer stay correct.
 */
export function createAnswerContextReader(deps: {
  repository: AnswerContextRepository;
  clock: () => Date;
  /** How many applications' contexts are kept (0: none). */
  keep?: number;
}) {
  const kept = deps.keep === 0 ? null : new LRUCache<string, Kept>({ max: deps.keep ?? 500 });

  function answersOf(group: PublishedGroup, loaded: LoadedAnswers, version = ''): ApplicationAnswers {
    return {
      context: answerContext(group, loaded, deps.clock()),
      lastAt: loaded.lastAt,
      hasIdentityProfile: loaded.identity !== null,
      version,
      memo: new Map(),
    };
  }

  /** The entry's rules' view for today and this configuration version, built once. */
  function dayOf(entry: Kept, group: PublishedGroup): ApplicationAnswers {
    const today = japanDate(deps.clock());
    if (entry.day && entry.day.today === today && entry.day.group === group) return entry.day.answers;
    const answers = answersOf(group, entry.loaded, entry.version);
    entry.day = { today, group, answers };
    return answers;
  }

  return {
    /** An application with everything its answers' rules read; null when the municipality has no such one. */
    load: (municipalityId: number, applicationId: string) =>
      deps.repository.load(municipalityId, applicationId),
    /** `load` of many applications of one municipality in one statement, in any order. */
    loadMany: (municipalityId: number, applicationIds: readonly string[]) =>
      deps.repository.loadMany(municipalityId, applicationIds),
    /** The rules' view of what `load` read, for the application's configuration version. */
    answersOf,

    /**
     * The application row and, once its configuration version is known (`withGroup`), its rules' view:
     * from the kept context when the database's stamp still matches it, else read and kept. With
     * `session`, the same statement confirms that resident's session is still live (`sessionLive`).
     */
    async open(municipalityId: number, applicationId: string, session: SessionToConfirm | null = null) {
      const before = kept?.get(applicationId);
      const found = await deps.repository.read(
        municipalityId,
        applicationId,
        before ? { stamp: before.stamp, holdsRow: before.rowRead } : null,
        session,
      );
      if (!found) {
        kept?.delete(applicationId);
        return null;
      }
      let entry: Kept;
      // Without a kept stamp the statement always reads the row and the parts (no stamp equals null).
      const application = found.application ?? before!.loaded.application;
      if (found.parts) {
        const loaded = { ...found.parts, application };
        entry = { stamp: found.stamp, version: found.version, loaded, rowRead: true };
        kept?.set(applicationId, entry);
      } else {
        entry = before!;
        if (found.application) entry.loaded = { ...entry.loaded, application: found.application };
        entry.rowRead = true;
      }
      return {
        application,
        sessionLive: found.sessionLive,
        answersFor: (group: PublishedGroup) => dayOf(entry, group),
      };
    },

    /**
     * Keeps what a save guarded by `previous.version` wrote, so the next request needs no full read
     * (`version` is the application row's new version, the rest of the stamp is unchanged); answers the
     * rules' view after the save.
     */
    saved(
      application: ApplicationRow,
      group: PublishedGroup,
      previous: ApplicationAnswers,
      change: {
        version: string;
        stored: readonly StoredAnswer[];
        lastAt: Date | null;
        /** Nothing the rules read changed (a page saved again as stored): what was derived still holds. */
        unchanged?: boolean;
      },
    ): ApplicationAnswers {
      const answers: ApplicationAnswers = {
        ...previous,
        // Unchanged, the same context: what was derived from it (its form state) holds too.
        context: change.unchanged
          ? previous.context
          : {
              ...previous.context,
              procedureCodes: chosenProcedureCodes(group, application),
              optionIds: chosenOptions(application),
              stored: change.stored,
            },
        lastAt: change.lastAt,
        version: change.version,
        memo: change.unchanged ? previous.memo : new Map(),
      };
      const before = kept?.get(application.id);
      if (!kept || !before || before.version !== previous.version) return answers;
      const today = japanDate(deps.clock());
      kept.set(application.id, {
        stamp: [change.version, ...before.stamp.split(':').slice(1)].join(':'),
        version: change.version,
        // Built here, not read: the next read takes the row from the database once.
        rowRead: false,
        loaded: {
          ...before.loaded,
          application,
          answers: [...change.stored].sort(byKey),
          lastAt: change.lastAt,
        },
        // The rules' view the save decided with, moved on by what it wrote: the next read builds nothing.
        ...(previous.context.ctx.today === today ? { day: { today, group, answers } } : {}),
      });
      return answers;
    },

    /** `load` and `answersOf` for an application already in hand (staff edits, submission). */
    async read(group: PublishedGroup, application: ApplicationRow): Promise<ApplicationAnswers> {
      const loaded = await deps.repository.load(application.municipalityId, application.id);
      if (!loaded) throw new Error(`application ${application.id} vanished while being read`);
      return answersOf(group, loaded);
    },
  };
}
export type AnswerContextReader = ReturnType<typeof createAnswerContextReader>;
