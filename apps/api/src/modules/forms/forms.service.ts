import type { z } from 'zod';
import * as C from '@portal/contracts';
import type {
  PrefillSource,
  ProcedureGroupConfiguration,
  StandardItem,
  StandardItemFragmentValue,
} from '@portal/contracts';
import {
  answersFromValues,
  groupOf,
  isBlank,
  readItem,
  validateItem,
  type Answer,
  type Profile,
} from '@portal/rules';
import { AppError, validationFailed } from '../../http/errors.js';
import type {
  ApplicationRepository,
  ApplicationRow,
  StoredAnswer,
} from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import { chosenOptions } from '../concierge/concierge-flow.service.js';
import { rulesOf, today } from '../concierge/rules.js';
import { publishedJson, type PublishedGroup } from '../configuration/published-configuration.js';
import type { IdentificationRepository } from '../identification/identification.repository.js';
import { fetchedSelfInformation, mynaportalClaims } from '../identification/mynaportal-claims.js';
import { registryClaims } from '../registry/registry-claims.js';
import type { RegistryRepository } from '../registry/registry.repository.js';
import { blankAnswer, checkLocked, uncorrectable } from './locked.js';
import { correctableFields } from '../applications/applications.policy.js';

type Values = StandardItemFragmentValue[];

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

const fieldOf = (v: { standard_item_code: string; sequence: number }) =>
  v.sequence > 1 ? `${v.standard_item_code}.${v.sequence}` : v.standard_item_code;

/**
 * The form: its definition for the chosen procedures, and saving answers. Every value is checked
 * against its standard item definition; hidden items are dropped, never stored; option prefills and
 * requested copies are applied here as in the browser.
 */
export function createFormService(deps: {
  applications: ApplicationRepository;
  registry: RegistryRepository;
  identification: Pick<IdentificationRepository, 'latestSelfInformation'>;
  clock: () => Date;
}) {
  const { applications, registry, identification, clock } = deps;
  const ctx = () => today(clock);

  /**
   * What the portal knows of the resident (decision 0012): identity claims, the registry's, and the
   * personal portal's self-information once fetched for this application.
   */
  async function profileOf(application: ApplicationRow): Promise<Profile | null> {
    const fetched = Boolean((application.identification as { mynaportal?: unknown } | null)?.mynaportal);
    const [identity, household, portal] = await Promise.all([
      applications.profile(application.applicantId),
      registry.householdOf(application.applicantId, application.municipalityId),
      fetched ? identification.latestSelfInformation(application.id) : null,
    ]);
    const claims = {
      ...(household ? registryClaims(household.self, household.members) : {}),
      ...mynaportalClaims(fetchedSelfInformation(portal)),
    };
    if (!identity && Object.keys(claims).length === 0) return null;
    return { ...identity, ...claims };
  }

  /** The rules' view of the chosen procedures' form on some answers, with what the sources give. */
  function stateOf(open: OpenApplication, stored: StoredAnswer[], profile: Profile | null) {
    const { application, group } = open;
    const chosen = group.config.disclosure.procedures.filter((p) => application.procedureIds.includes(p.id));
    return rulesOf(group).formState(
      chosen.map((p) => p.code),
      answersFromValues(chosenOptions(application), stored),
      profile,
      ctx(),
    );
  }

  /**
   * The source a value to save came from: kept when the saved value is unchanged, else the source whose
   * value it equals (a prefill, or a source's value the resident typed again); null when typed.
   */
  function sourceOf(
    value: StandardItemFragmentValue,
    stored: StoredAnswer[],
    state: ReturnType<typeof stateOf>,
  ): PrefillSource | null {
    if (typeof value.value !== 'string') return null;
    const before = stored.find(
      (v) => v.standard_item_code === value.standard_item_code && v.sequence === value.sequence,
    );
    if (before && before.value === value.value) return before.source;
    const item = state.items.find(
      (i) => i.code === value.standard_item_code && (i.sequence ?? 1) === value.sequence,
    );
    if (item?.prefill === value.value) return item.prefillSource ?? null;
    if (item?.offer?.value === value.value) return item.offer.source;
    return null;
  }

  function catalog(config: ProcedureGroupConfiguration) {
    return new Map(config.standard_items.map((i) => [i.code, i]));
  }

  /** Saved answers, and what the rules decide from them for each item of the chosen procedures. */
  /** The form's answers and state; `profile` when the caller has just read it (a save). */
  async function values(open: OpenApplication, known?: { profile: Profile | null }) {
    const { application } = open;
    const [{ answers: stored, lastAt }, profile] = await Promise.all([
      applications.answersAt(application.id),
      known ? known.profile : profileOf(application),
    ]);
    const state = stateOf(open, stored, profile);
    const sources = new Map(stored.map((v) => [`${v.standard_item_code}#${v.sequence}`, v.source]));
    return {
      standard_item_fragments: stored.map(({ source: _source, ...value }) => value),
      items: state.items.map((i) => ({
        code: i.code,
        sequence: i.sequence ?? 1,
        hidden: i.hidden,
        required: i.required,
        prefill: i.prefill ?? null,
        prefill_source: i.prefillSource ?? null,
        source: sources.get(`${i.code}#${i.sequence ?? 1}`) ?? null,
        verified: i.verified?.value ?? null,
        verified_source: i.verified?.source ?? null,
        locked: i.verified?.locked === true,
        asked: i.asked,
        reason: i.reason,
      })),
      repeat_groups: state.repeats,
      updated_at: lastAt?.toISOString() ?? null,
    };
  }

  async function save(
    open: OpenApplication,
    input: {
      values: Values;
      allowed: string[];
      requiredCheck: string[];
      copied: number[];
      /** The form's last page: later repetitions must be answered too (the assistant asks only the first). */
      repeatsRequired?: boolean;
      /** The step the application moves on to once the answers are saved. */
      currentStep?: ApplicationRow['currentStep'];
    },
  ) {
    const { application, group } = open;
    const rules = rulesOf(group);
    const items = catalog(group.config);
    const allowed = new Set(input.allowed);
    const unknown = input.values.filter((v) => !allowed.has(v.standard_item_code));
    if (unknown.length > 0) {
      throw validationFailed(unknown.map((v) => ({ field: fieldOf(v), message: 'not part of this form' })));
    }
    // A later repetition only of a repeatable group's item, and within the group's maximum.
    const beyond = input.values.flatMap((v) => {
      if (v.sequence === 1) return [];
      const g = groupOf(rules.repeatGroups, v.standard_item_code);
      if (!g) return [{ field: fieldOf(v), message: 'this item is asked once' }];
      return v.sequence > g.group.max
        ? [{ field: fieldOf(v), message: `at most ${g.group.max} of ${g.group.name}` }]
        : [];
    });
    if (beyond.length > 0) throw validationFailed(beyond);
    const [stored, profile] = await Promise.all([
      applications.answers(application.id),
      profileOf(application),
    ]);
    const before = stateOf(open, stored, profile);
    const locked = checkLocked(before.items, input.values);
    input = { ...input, values: locked.values };
    // A remand that names fields leaves every other answer as it is (decision 0023).
    const correctable = correctableFields(application);
    const closed = correctable ? uncorrectable(correctable, stored, input.values) : [];
    const storedAt = new Map(stored.map((v) => [`${v.standard_item_code}#${v.sequence}`, v.value]));
    const merged = answersFromValues(chosenOptions(application), [...stored, ...input.values]);
    let current: Record<string, Answer> = { ...merged.items };
    for (const id of input.copied) {
      const exists = group.config.concierge_set.assistant_concierge_category
        .flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges))
        .some((q) => q.id === id && q.copyable_standard_item_codes.length > 0);
      if (!exists)
        throw new AppError(
          'validation_failed',
          `concierge ${id} has nothing to copy`,
          'copied_concierge_ids',
        );
      current = rules.applyCopy(id, current);
    }
    current = rules.applyPrefill({ optionIds: merged.optionIds, items: current }, null, ctx());
    const codes = [...new Set([...input.allowed, ...stored.map((v) => v.standard_item_code)])];
    const state = rules.formState(
      group.config.disclosure.procedures
        .filter((p) => application.procedureIds.includes(p.id))
        .map((p) => p.code),
      { optionIds: merged.optionIds, items: current, repeats: merged.repeats },
      null,
      ctx(),
    );
    const key = (code: string, sequence: number) => `${code}#${sequence}`;
    const hidden = new Set(state.items.filter((i) => i.hidden && (i.sequence ?? 1) === 1).map((i) => i.code));
    const hiddenRepeated = new Set(
      state.items.filter((i) => i.hidden && (i.sequence ?? 1) > 1).map((i) => key(i.code, i.sequence!)),
    );
    // Values the server derived (copies, option prefills) are stored like typed ones, option prefills
    // with their source.
    const optionPrefilled = new Set(
      state.items.filter((i) => i.prefillSource === 'answer' && (i.sequence ?? 1) === 1).map((i) => i.code),
    );
    const derived = Object.entries(current)
      .filter(([code, value]) => merged.items[code] !== value && allowed.has(code))
      .map(([code, value]) => ({
        standard_item_code: code,
        sequence: 1,
        value: value ?? null,
        source: optionPrefilled.has(code) ? ('answer' as const) : null,
      }));
    const toSave = [
      ...input.values
        .filter(
          (v) => !derived.some((d) => d.standard_item_code === v.standard_item_code && v.sequence === 1),
        )
        .map((v) => ({ ...v, source: sourceOf(v, stored, before) })),
      ...derived,
    ]
      .filter((v) =>
        v.sequence === 1
          ? !hidden.has(v.standard_item_code)
          : !hiddenRepeated.has(key(v.standard_item_code, v.sequence)),
      )
      // Closed fields keep their stored answers, derived ones included.
      .filter(
        (v) =>
          !correctable ||
          correctable.has(key(v.standard_item_code, v.sequence)) ||
          blankAnswer(storedAt.get(key(v.standard_item_code, v.sequence))),
      );

    const errors: { field: string; message: string }[] = [...locked.errors, ...closed];
    for (const v of toSave) {
      const def = items.get(v.standard_item_code);
      if (!def) continue;
      const problem = validateItem(def, v.value, { required: false });
      if (problem) errors.push({ field: fieldOf(v), message: `${def.name}: ${problem}` });
    }
    for (const code of input.requiredCheck) {
      const def: StandardItem | undefined = items.get(code);
      if (!def) continue;
      if (!hidden.has(code)) {
        const problem = validateItem(def, current[code], { required: def.required });
        if (problem === 'required') errors.push({ field: code, message: `${def.name}: required` });
      }
      // Each later repetition the form asks must be answered too.
      for (const repeated of input.repeatsRequired ? state.items : []) {
        const sequence = repeated.sequence ?? 1;
        if (repeated.code !== code || sequence === 1 || repeated.hidden) continue;
        const value = readItem(merged.repeats?.[sequence] ?? {}, code);
        const problem = validateItem(def, value, { required: def.required });
        if (problem === 'required')
          errors.push({
            field: fieldOf({ standard_item_code: code, sequence }),
            message: `${def.name}: required`,
          });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    const remove = codes.filter((code) => hidden.has(code));
    // A repetition's blank or hidden answers are removed, so a removed child leaves nothing behind.
    const clear = [
      ...toSave.filter((v) => v.sequence > 1 && isBlank(v.value)),
      ...stored.filter((v) => v.sequence > 1 && hiddenRepeated.has(key(v.standard_item_code, v.sequence))),
    ].map((v) => ({ standard_item_code: v.standard_item_code, sequence: v.sequence }));
    await applications.saveAnswers(
      application.id,
      toSave.filter((v) => v.sequence === 1 || !isBlank(v.value)),
      remove,
      clock(),
      { clear, ...(input.currentStep ? { currentStep: input.currentStep } : {}) },
    );
    return values(open, { profile });
  }

  return {
    values,

    /** The form of some procedures of one version: configuration only, so built and serialized once. */
    definition(group: PublishedGroup, procedureIds: number[]): string {
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
    async saveForm(open: OpenApplication, body: z.output<typeof C.SaveFormRequest>) {
      const { fragments } = fragmentsOf(open.group.config, open.application.procedureIds);
      const formCodes = [...fragments.values()].flatMap((f) => f.codes);
      const allAssistant = assistantCodes(
        open.group.config,
        open.group.config.concierge_set.assistant_concierge_category.flatMap((c) =>
          c.concierge_sub_category.map((s) => s.id),
        ),
      );
      const last = body.is_last_page_in_concierge_assistant;
      const next = open.group.config.disclosure.procedure_attaches.some((a) =>
        open.application.procedureIds.includes(a.procedure_id),
      )
        ? 'attachments'
        : 'signature';
      return save(open, {
        values: body.standard_item_fragments,
        allowed: [...new Set([...formCodes, ...allAssistant])],
        requiredCheck: last ? formCodes : [],
        copied: body.copied_concierge_ids ?? [],
        repeatsRequired: last,
        ...(last ? { currentStep: next } : {}),
      });
    },

    /** Answers given on assistant pages (their inline form concierges). */
    async saveAssistantForm(open: OpenApplication, body: z.output<typeof C.UpdateFormRequest>) {
      const { application, group } = open;
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
      const answers = answersFromValues(
        chosenOptions(application),
        await applications.answers(application.id),
      );
      const rules = rulesOf(group);
      const evaluation = rules.evaluateAssistant(
        { ...answers, items: rules.applyPrefill(answers, null, ctx()) },
        ctx(),
      );
      const shown = new Set(
        evaluation.subCategories
          .filter((s) => s.shown)
          .flatMap((s) => s.concierges.filter((q) => q.shown).map((q) => q.id)),
      );
      const codes = assistantCodes(group.config, body.concierge_sub_category_ids);
      return save(open, {
        values: body.standard_item_fragments,
        allowed: codes,
        requiredCheck: assistantCodes(group.config, body.concierge_sub_category_ids, shown),
        copied: body.copied_concierge_ids ?? [],
        ...(body.is_last_page_in_concierge_assistant ? { currentStep: 'procedures' as const } : {}),
      });
    },
  };
}
export type FormService = ReturnType<typeof createFormService>;
