import type { z } from 'zod';
import type * as C from '@portal/contracts';
import {
  answersFromValues,
  storedAssistantEvaluation,
  type AnswerContext,
  type Answers,
  type CategoryEvaluation,
} from '@portal/rules';
import { AppError, conflict } from '../../http/errors.js';
import type { ApplicationRepository, ApplicationRow } from '../applications/applications.repository.js';
import type { ApplicationService, OpenApplication } from '../applications/applications.service.js';
import { chosenOptions, type ApplicationAnswers } from '../applications/answer-context.js';
import { applicationView } from '../applications/applications.view.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import type { ApplicationCounters } from '../system/metrics.js';
import type { ConciergeService } from './concierge.service.js';
import { rulesOf } from '../configuration/published-rules.js';
import { evaluating, today } from './rules.js';
import { wayAhead } from './way-ahead.js';
import { questionStep, type FunnelService } from '../funnel/funnel.service.js';
import type { IdentificationRecord } from '../identification/identification.state.js';

const FILTER = 'filter';

/** An application opened with everything its answers' rules read. */
type OpenAnswers = OpenApplication & { answers: ApplicationAnswers };

/** The English of the scoped-out messages, when any of them has one (decision 0009). */
const scopedOutEnglish = (result: CategoryEvaluation) =>
  result.scopedOutMessagesEn.some((m) => m !== '')
    ? { en: { scopedout_messages: result.scopedOutMessagesEn } }
    : {};

/**
 * The guided flow: filter answers, creating the application, assistant answers and choosing procedures.
 * Every decision is re-made here with the rules engine; what the browser decided is never trusted.
 */
export function createConciergeFlowService(deps: {
  concierge: ConciergeService;
  applications: ApplicationRepository;
  /** Guarded writes, and keeping what they wrote for the next request (decision 0046). */
  guarded: Pick<ApplicationService, 'writeGuarded' | 'saved'>;
  /** Counts each application started (portal_applications_started_total). */
  counters: Pick<ApplicationCounters, 'started'>;
  /** Counts the steps and pages residents reach (decision 0053). */
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}) {
  const { concierge, applications, clock } = deps;
  const ctx = () => today(clock);

  /** The rules' answers of an application opened with them (`ApplicationService.openAnswers`). */
  const loadedAnswers = ({ answers: { context } }: OpenAnswers): Answers =>
    answersFromValues(context.optionIds, context.stored);

  function procedureRefs(group: PublishedGroup, codes: readonly string[]) {
    const byCode = new Map(group.config.disclosure.procedures.map((p) => [p.code, p]));
    return codes.flatMap((code) => {
      const p = byCode.get(code);
      return p ? [{ id: p.id, code: p.code, name: p.name, ...(p.en ? { en: p.en } : {}) }] : [];
    });
  }

  function evaluateFilter(group: PublishedGroup, optionIds: number[]): CategoryEvaluation {
    const rules = rulesOf(group);
    return evaluating('concierge_option_ids', () => {
      const items = rules.applyPrefill({ optionIds, items: {} }, null, ctx());
      return rules.evaluateFilter({ optionIds, items }, ctx());
    });
  }

  /** Candidates from all answers, and which of them the procedure rules allow now. */
  function decide(group: PublishedGroup, answers: Answers) {
    const rules = rulesOf(group);
    const items = rules.applyPrefill(answers, null, ctx());
    const all = evaluating('concierge_option_ids', () => rules.evaluateAll({ ...answers, items }, ctx()));
    const decisions = rules.allowedProcedures(all.procedureCodes, { ...answers, items });
    return { all, decisions, items };
  }

  /** The assistant as the answers of `context` show it: evaluated once per context (a save's answer and the next read share it). */
  function assistantView(
    application: ApplicationRow,
    group: PublishedGroup,
    context: AnswerContext,
    requested?: number,
  ) {
    const result = evaluating('concierge_option_ids', () =>
      storedAssistantEvaluation(rulesOf(group), context),
    );
    const shown = result.subCategories.filter((s) => s.shown).map((s) => s.id);
    const answered = new Set(
      Object.keys(application.conciergeAnswers)
        .filter((k) => k !== FILTER)
        .map(Number),
    );
    const current = requested ?? shown.find((id) => !answered.has(id)) ?? null;
    if (requested !== undefined && !shown.includes(requested)) {
      throw new AppError(
        'validation_failed',
        'that question page is not shown for your answers',
        'concierge_sub_category_id',
      );
    }
    const assistantOptions = Object.entries(application.conciergeAnswers)
      .filter(([k]) => k !== FILTER)
      .flatMap(([, ids]) => ids);
    return {
      application_id: application.id,
      procedure_group_id: group.config.id,
      configuration_version: group.version,
      current_sub_category_id: current,
      selected_option_ids: [...new Set(assistantOptions)],
      shown_sub_category_ids: shown,
      is_scopedout: result.scopedOut,
      scopedout_messages: result.scopedOutMessages,
      explanations: result.explanations,
      ...scopedOutEnglish(result),
    };
  }

  return {
    async evaluateFilter(municipalityId: number, body: z.output<typeof C.FilterValuesRequest>) {
      const group = await concierge.openGroup(municipalityId, body.procedure_group_id);
      const result = evaluateFilter(group, body.concierge_option_ids);
      return {
        procedures: result.scopedOut ? [] : procedureRefs(group, result.procedureCodes),
        is_scopedout: result.scopedOut,
        scopedout_messages: result.scopedOutMessages,
        explanations: result.explanations,
        ...scopedOutEnglish(result),
      };
    },

    async create(
      municipality: MunicipalityRef,
      applicantId: string,
      body: z.output<typeof C.CreateApplicationRequest>,
    ) {
      const group = await concierge.openGroup(municipality.id, body.procedure_group_id);
      const result = evaluateFilter(group, body.concierge_option_ids);
      if (result.scopedOut) {
        throw conflict(`this cannot be applied for online: ${result.scopedOutMessages.join(' ')}`);
      }
      if (result.procedureCodes.length === 0) throw conflict('no procedure applies to these answers');
      const ignored = new Set(result.ignoredOptionIds);
      const kept = body.concierge_option_ids.filter((id) => !ignored.has(id));
      const row = await applications.insert({
        municipalityId: municipality.id,
        applicantId,
        procedureGroupId: group.config.id,
        configurationVersion: group.version,
        status: 'draft',
        currentStep: 'procedures',
        conciergeAnswers: { [FILTER]: kept },
      });
      // Values the filter answers imply (prefill forms) are stored like answers.
      const items = rulesOf(group).applyPrefill({ optionIds: kept, items: {} }, null, ctx());
      const values = Object.entries(items).map(([code, value]) => ({
        standard_item_code: code,
        sequence: 1,
        value: value ?? null,
        source: 'answer' as const,
      }));
      if (values.length > 0) await applications.saveAnswers(row.id, values, clock());
      deps.counters.started.inc();
      await deps.funnel.reach(row, 'filter');
      return applicationView(row, municipality.code, group);
    },

    async assistant(open: OpenAnswers, subCategoryId?: number) {
      const view = assistantView(open.application, open.group, open.answers.context, subCategoryId);
      const page = view.current_sub_category_id;
      // An answered page was reached before: only a page not yet answered may be a first reach.
      if (page !== null && !(String(page) in open.application.conciergeAnswers)) {
        await deps.funnel.reach(open.application, questionStep(page));
      }
      return view;
    },

    /**
     * A question page's choices: checked against the page, the options the rules now ignore dropped, the
     * values they imply saved with them, in one write guarded by the version read (decision 0046).
     */
    answerAssistant(reopen: () => Promise<OpenAnswers>, body: z.output<typeof C.AssistantValuesRequest>) {
      return deps.guarded.writeGuarded(reopen, async (open, guard) => {
        const { application, group } = open;
        const sub = group.config.concierge_set.assistant_concierge_category
          .flatMap((c) => c.concierge_sub_category)
          .find((s) => s.id === body.concierge_sub_category_id);
        if (!sub)
          throw new AppError('validation_failed', 'no such question page', 'concierge_sub_category_id');
        const own = new Set(sub.concierges.flatMap((q) => q.concierge_options.map((o) => o.id)));
        const foreign = body.concierge_option_ids.filter((id) => !own.has(id));
        if (foreign.length > 0) {
          throw new AppError(
            'validation_failed',
            `options ${foreign.join(', ')} are not on this page`,
            'concierge_option_ids',
          );
        }
        const stored = open.answers.context.stored;
        const next = { ...application.conciergeAnswers, [String(sub.id)]: body.concierge_option_ids };
        const answers = answersFromValues(chosenOptions({ ...application, conciergeAnswers: next }), stored);
        const { all, items } = decide(group, answers);
        const ignored = new Set(all.ignoredOptionIds);
        const kept = Object.fromEntries(
          Object.entries(next).map(([k, ids]) => [k, ids.filter((id) => !ignored.has(id))]),
        );
        // Values implied by the chosen options are saved at once (answers are kept at every step).
        const implied = Object.entries(items)
          .filter(([code, value]) => answers.items[code] !== value)
          .map(([code, value]) => ({
            standard_item_code: code,
            sequence: 1,
            value: value ?? null,
            source: 'answer' as const,
          }));
        const at = clock();
        const written = await applications.saveAnswers(application.id, implied, at, {
          conciergeAnswers: kept,
          ...(guard ? { guard } : {}),
        });
        if (!written) return null;
        const updated = { ...application, conciergeAnswers: kept, updatedAt: at };
        const after = [
          ...stored.filter(
            (a) => !implied.some((i) => i.standard_item_code === a.standard_item_code && a.sequence === 1),
          ),
          ...implied,
        ];
        const lastAt = implied.length > 0 ? at : open.answers.lastAt;
        // Kept for the next request (guarded only): the assistant evaluated here is the one it reads.
        const context = guard
          ? deps.guarded.saved(updated, group, open.answers, {
              version: written.version,
              stored: after,
              lastAt,
            }).context
          : { ...open.answers.context, optionIds: chosenOptions(updated), stored: after };
        return assistantView(updated, group, context);
      });
    },

    procedures(open: OpenAnswers) {
      const { application, group } = open;
      const { decisions } = decide(group, loadedAnswers(open));
      const allowed = new Set(decisions.filter((d) => d.allowed).map((d) => d.code));
      return {
        available: group.config.disclosure.procedures.filter((p) => allowed.has(p.code)),
        selected_ids: application.procedureIds,
        explanations: decisions.map((d) => ({
          subject: `procedure ${d.code}`,
          shown: d.allowed,
          reason: d.reason,
        })),
      };
    },

    /** The procedures page as the resident reads it: reaching it counts while it is the step they are at. */
    async proceduresPage(open: OpenAnswers) {
      if (open.application.currentStep === 'procedures')
        await deps.funnel.reach(open.application, 'procedures');
      return this.procedures(open);
    },

    /**
     * The way ahead of an application (decision 0042): its group's steps with where the resident is; the
     * attachments of the chosen procedures, or of those the answers allow until some are chosen.
     */
    wayAhead(open: OpenAnswers, cardSignIn: boolean) {
      const { application, group } = open;
      const answers = loadedAnswers(open);
      const chosen = application.procedureIds.length > 0;
      const ids = chosen
        ? application.procedureIds
        : (() => {
            const allowed = new Set(
              decide(group, answers)
                .decisions.filter((d) => d.allowed)
                .map((d) => d.code),
            );
            return group.config.disclosure.procedures.filter((p) => allowed.has(p.code)).map((p) => p.id);
          })();
      return wayAhead(
        group.config,
        { of: chosen ? 'chosen' : 'candidates', ids },
        {
          status: application.status,
          currentStep: application.currentStep,
          questionsOpen:
            assistantView(application, group, open.answers.context).current_sub_category_id !== null,
          identification: (application.identification ?? {}) as IdentificationRecord,
          cardSignIn,
        },
      );
    },

    async chooseProcedures(open: OpenAnswers, procedureIds: number[]) {
      const view = this.procedures(open);
      const allowed = new Set(view.available.map((p) => p.id));
      const refused = procedureIds.filter((id) => !allowed.has(id));
      if (refused.length > 0) {
        throw new AppError(
          'validation_failed',
          `procedures ${refused.join(', ')} do not apply to your answers`,
          'procedure_ids',
        );
      }
      const unique = [...new Set(procedureIds)];
      await applications.update(
        open.application.id,
        { procedureIds: unique, currentStep: 'identification' },
        clock(),
      );
      await deps.funnel.reach(open.application, 'identification');
      return { ...view, selected_ids: unique };
    },
  };
}
export type ConciergeFlowService = ReturnType<typeof createConciergeFlowService>;
