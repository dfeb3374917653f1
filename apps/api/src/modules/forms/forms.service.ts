import type { z } from 'zod';
import * as C from '@portal/contracts';
import type { ProcedureGroupConfiguration, StandardItemFragmentValue } from '@portal/contracts';
import {
  answerKey,
  decideAnswers,
  storedAssistantEvaluation,
  storedFormState,
  groupOf,
  keyOf,
  nameCharactersOnRecord,
  type AnswerContext,
  type AnswerDecision,
  type ResidentPage,
} from '@portal/rules';
import { AppError, validationFailed } from '../../http/errors.js';
import type { ApplicationAnswers } from '../applications/answer-context.js';
import { correctableFields } from '../applications/applications.policy.js';
import type { ApplicationRepository, ApplicationRow } from '../applications/applications.repository.js';
import type { ApplicationService, OpenApplication } from '../applications/applications.service.js';
import { rulesOf } from '../configuration/published-rules.js';
import { publishedJson, type PublishedGroup } from '../configuration/published-configuration.js';

type Values = StandardItemFragmentValue[];
/** An application opened with everything its answers' rules read (`ApplicationService.openAnswers`). */
type OpenAnswers = OpenApplication & { answers: ApplicationAnswers };

/** Items of the chosen procedures, grouped by fragment in configuration order. */
function fragmentsOf(config: ProcedureGroupConfiguration, procedureIds: number[]) {
  const chosen = config.disclosure.procedures.filter((p) => procedureIds.includes(p.id));
  const fragments = new Map<
    string,
    { codes: string[]; procedures: Set<string>; en?: { name?: string | undefined } | undefined }
  >();
  for (const p of chosen) {
    for (const f of p.procedure_fragments) {
      const entry = fragments.get(f.name) ?? { codes: [], procedures: new Set<string>() };
      if (!entry.codes.includes(f.standard_item_code)) entry.codes.push(f.standard_item_code);
      entry.procedures.add(p.code);
      // A section's English: the first fragment of that name that has one.
      if (!entry.en?.name && f.en?.name) entry.en = f.en;
      fragments.set(f.name, entry);
    }
  }
  return { chosen, fragments };
}

/** Items that FO concierges of the given assistant pages fill (only shown concierges, when given). */
function assistantCodes(
  config: ProcedureGroupConfiguration,
  subCategoryIds: number[],
  shown?: Set<number>,
): string[] {
  return config.concierge_set.assistant_concierge_category
    .flatMap((c) => c.concierge_sub_category)
    .filter((s) => subCategoryIds.includes(s.id))
    .flatMap((s) =>
      s.concierges
        .filter((q) => q.type === 'FO' && (!shown || shown.has(q.id)))
        .flatMap((q) => q.standard_item_code),
    );
}

/**
 * What the browser needs to apply the form rules as the resident types (the server applies them again
 * on save): hidden rules targeting the form's items, the "same as ..." copies whose targets are on the
 * form, and the name items to check for signing certificates.
 */
export function browserRules(config: ProcedureGroupConfiguration, codes: Set<string>) {
  const rule = config.concierge_set.concierge_rule.form_rule;
  const concierges = config.concierge_set.assistant_concierge_category.flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );
  return {
    hidden_rules: rule.hidden_rules.filter((r) => codes.has(r.target)),
    copies: concierges
      .filter((q) => q.copyable_standard_item_codes.length > 0)
      .map((q) => ({
        concierge_id: q.id,
        label: q.copyable_label ?? q.name,
        ...((q.copyable_label ? q.en?.copyable_label : q.en?.name)
          ? { en: { label: (q.copyable_label ? q.en?.copyable_label : q.en?.name) as string } }
          : {}),
        pairs: rule.copy_forms.filter(
          (f) =>
            q.standard_item_code.includes(f.target) &&
            q.copyable_standard_item_codes.includes(f.source) &&
            codes.has(f.target),
        ),
      }))
      .filter((c) => c.pairs.length > 0),
    name_checks: concierges
      .map((q) => q.requires_name_validation.filter((code) => codes.has(code)))
      .filter((list) => list.length > 0),
  };
}

/**
 * The form: its definition for the chosen procedures, and saving answers. What may be saved is decided
 * once, by `decideAnswers` of @portal/rules; this service reads what the decision needs once and writes
 * its result once.
 */
export function createFormService(deps: {
  applications: Pick<ApplicationRepository, 'saveAnswers'>;
  /** Guarded writes, and keeping what they wrote for the next request (decision 0046). */
  guarded: Pick<ApplicationService, 'writeGuarded' | 'saved'>;
  clock: () => Date;
}) {
  const { applications, clock } = deps;

  /** The answers and what the rules decide from them for each item of the chosen procedures. */
  function valuesOf(open: OpenApplication, context: AnswerContext, lastAt: Date | null) {
    const state = storedFormState(rulesOf(open.group), context);
    const sources = new Map(context.stored.map((v) => [keyOf(v), v.source]));
    return {
      standard_item_fragments: context.stored.map(({ source: _source, ...value }) => value),
      items: state.items.map((i) => ({
        code: i.code,
        sequence: i.sequence ?? 1,
        hidden: i.hidden,
        required: i.required,
        prefill: i.prefill ?? null,
        prefill_source: i.prefillSource ?? null,
        source: sources.get(answerKey(i.code, i.sequence)) ?? null,
        verified: i.verified?.value ?? null,
        verified_source: i.verified?.source ?? null,
        locked: i.verified?.locked === true,
        asked: i.asked,
      })),
      repeat_groups: state.repeats,
      name_characters_on_record: [...nameCharactersOnRecord(context.profile)],
      updated_at: lastAt?.toISOString() ?? null,
    };
  }

  const values = (open: OpenAnswers) => valuesOf(open, open.answers.context, open.answers.lastAt);

  /** The route's serializer of the form's values. */
  type Write = (value: ReturnType<typeof values>) => string;
  /** The route's serializer of an assistant page's save. */
  type WriteSaved = (value: z.output<typeof C.AssistantFormSaved>) => string;
  /** How a save answers: from the application as the save left it, and what it decided. */
  type Answer = (after: OpenAnswers, decision: AnswerDecision) => Buffer | string;

  /** `values` written by the route's serializer, once per kept context (decision 0046); bytes, not text. */
  function valuesJson(open: OpenAnswers, write: Write): Buffer {
    const memo = open.answers.memo;
    let json = memo.get('values');
    if (json === undefined) {
      json = Buffer.from(write(values(open)));
      memo.set('values', json);
    }
    return json;
  }

  /** A page to save: what it may and must hold, and the step the application moves on to after it. */
  type PageSave = Omit<ResidentPage, 'kind' | 'correctable'> & { step?: ApplicationRow['currentStep'] };

  /**
   * Decides a page's answers and writes the decision guarded by the row version it read: a concurrent
   * save makes it decide again on what that save wrote (`writeGuarded`). Answers as `answer` says.
   */
  function save(
    reopen: () => Promise<OpenAnswers>,
    pageOf: (open: OpenAnswers) => PageSave,
    values: Values,
    answer: Answer,
  ) {
    return deps.guarded.writeGuarded(reopen, async (open, guard) => {
      const { application, group } = open;
      const loaded = open.answers;
      const { step, ...page } = pageOf(open);
      const decision = decideAnswers(
        rulesOf(group),
        loaded.context,
        { kind: 'resident', ...page, correctable: correctableFields(application) },
        values,
      );
      if (decision.errors.length > 0) throw validationFailed(decision.errors);
      const at = clock();
      const written = await applications.saveAnswers(application.id, decision.save, at, {
        remove: decision.remove,
        ...(step ? { currentStep: step } : {}),
        ...(guard ? { guard } : {}),
      });
      if (!written) return null;
      const lastAt = decision.save.length > 0 ? at : loaded.lastAt;
      const row = { ...application, updatedAt: at, ...(step ? { currentStep: step } : {}) };
      // Unguarded, others may have written between the read and the write: nothing is kept then.
      const after = guard
        ? deps.guarded.saved(row, group, loaded, {
            version: written.version,
            stored: decision.after,
            lastAt,
            unchanged: decision.save.length === 0 && decision.remove.length === 0,
          })
        : { ...loaded, context: { ...loaded.context, stored: decision.after }, lastAt, memo: new Map() };
      return answer({ ...open, application: row, answers: after }, decision);
    });
  }

  function catalog(config: ProcedureGroupConfiguration) {
    return new Map(config.standard_items.map((i) => [i.code, i]));
  }

  return {
    values,
    valuesJson,

    /** The form of some procedures of one version: configuration only, so built and serialized once. */
    definition(group: PublishedGroup, procedureIds: number[]): Buffer {
      const known = new Set(group.config.disclosure.procedures.map((p) => p.id));
      const unknown = procedureIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new AppError(
          'validation_failed',
          `no procedures ${unknown.join(', ')} in this group`,
          'procedure_ids',
        );
      }
      return publishedJson(group, `form:${procedureIds.join(',')}`, C.FormDefinition, () => {
        const items = catalog(group.config);
        const { fragments } = fragmentsOf(group.config, procedureIds);
        const codes = new Set([...fragments.values()].flatMap((f) => f.codes));
        return {
          ...browserRules(group.config, codes),
          procedure_group_id: group.config.id,
          version: group.version,
          fragments: [...fragments].map(([name, f]) => ({
            name,
            ...(f.en ? { en: f.en } : {}),
            procedure_codes: [...f.procedures],
            items: f.codes.flatMap((code) => {
              const def = items.get(code);
              return def
                ? [{ ...def, repeatable: groupOf(rulesOf(group).repeatGroups, code) !== undefined }]
                : [];
            }),
          })),
          repeatable_groups: rulesOf(group)
            .repeatGroups.filter((g) => [...g.codes].some((code) => codes.has(code)))
            .map((g) => g.group),
        };
      });
    },

    /** A page of the form; the last page also checks that every shown required item is answered. */
    saveForm(reopen: () => Promise<OpenAnswers>, body: z.output<typeof C.SaveFormRequest>, write: Write) {
      const last = body.is_last_page_in_concierge_assistant;
      return save(
        reopen,
        ({ group, application }) => {
          const { fragments } = fragmentsOf(group.config, application.procedureIds);
          const formCodes = [...fragments.values()].flatMap((f) => f.codes);
          const allAssistant = assistantCodes(
            group.config,
            group.config.concierge_set.assistant_concierge_category.flatMap((c) =>
              c.concierge_sub_category.map((s) => s.id),
            ),
          );
          const attaches = group.config.disclosure.procedure_attaches.some((a) =>
            application.procedureIds.includes(a.procedure_id),
          );
          return {
            allowed: new Set([...formCodes, ...allAssistant]),
            required: last ? formCodes : [],
            copied: body.copied_concierge_ids ?? [],
            repeatsRequired: last,
            ...(last ? { step: attaches ? 'attachments' : 'signature' } : {}),
          };
        },
        body.standard_item_fragments,
        // The form page shows what the server derived: it answers with the form as it now is.
        (after) => valuesJson(after, write),
      );
    },

    /**
     * Answers given on assistant pages (their inline form concierges). Answers what it wrote only: the
     * assistant reads the form's values after its question answers, which may change them again.
     */
    saveAssistantForm(
      reopen: () => Promise<OpenAnswers>,
      body: z.output<typeof C.UpdateFormRequest>,
      write: WriteSaved,
    ) {
      return save(
        reopen,
        ({ group, answers: loaded }) => {
          const known = new Set(
            group.config.concierge_set.assistant_concierge_category.flatMap((c) =>
              c.concierge_sub_category.map((s) => s.id),
            ),
          );
          const foreign = body.concierge_sub_category_ids.filter((id) => !known.has(id));
          if (foreign.length > 0) {
            throw new AppError(
              'validation_failed',
              `no question pages ${foreign.join(', ')}`,
              'concierge_sub_category_ids',
            );
          }
          const evaluation = storedAssistantEvaluation(rulesOf(group), loaded.context);
          const shown = new Set(
            evaluation.subCategories
              .filter((s) => s.shown)
              .flatMap((s) => s.concierges.filter((q) => q.shown).map((q) => q.id)),
          );
          return {
            allowed: new Set(assistantCodes(group.config, body.concierge_sub_category_ids)),
            required: assistantCodes(group.config, body.concierge_sub_category_ids, shown),
            copied: body.copied_concierge_ids ?? [],
            ...(body.is_last_page_in_concierge_assistant ? { step: 'procedures' as const } : {}),
          };
        },
        body.standard_item_fragments,
        (after, decision) =>
          write({
            standard_item_fragments: decision.save.map(({ source: _source, ...value }) => value),
            removed: decision.remove,
            updated_at: after.answers.lastAt?.toISOString() ?? null,
          }),
      );
    },
  };
}
export type FormService = ReturnType<typeof createFormService>;
