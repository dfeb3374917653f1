import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  decideAnswers,
  formStateOf,
  storedFormState,
  type AnswerContext,
  type ResidentPage,
} from './answer-decision.js';
import type { StoredValue } from './answer-keys.js';
import { compileConfiguration } from './compile.js';

const rules = compileConfiguration(demoProcedureGroup());

const v = (standard_item_code: string, value: string | null, sequence = 1) => ({
  standard_item_code,
  sequence,
  value,
});
const stored = (code: string, value: string | null, sequence = 1): StoredValue => ({
  ...v(code, value, sequence),
  source: null,
});

const context = (over: Partial<AnswerContext> = {}): AnswerContext => ({
  procedureCodes: ['birth_notification'],
  optionIds: [],
  stored: [],
  profile: null,
  ctx: { today: '2026-04-20' },
  ...over,
});

const page = (codes: string[], over: Partial<ResidentPage> = {}): ResidentPage => ({
  kind: 'resident',
  allowed: new Set(codes),
  required: [],
  copied: [],
  correctable: null,
  ...over,
});

const NAMES = ['child_last_name', 'child_first_name', 'applicant_last_name', 'applicant_first_name'];

describe('decideAnswers: a person name item', () => {
  it('refuses a newborn name with characters a name may not hold, at its field, naming them', () => {
    const decision = decideAnswers(rules, context(), page(NAMES), [v('child_first_name', '𠮷子😀')]);
    expect(decision.errors).toEqual([
      { field: 'child_first_name', message: expect.stringMatching(/name: 𠮷 😀$/) },
    ]);
    expect(decision.save).toEqual([]);
  });

  it('takes kanji for names, kana, the long-vowel mark and iteration marks', () => {
    const decision = decideAnswers(rules, context(), page(NAMES), [
      v('child_first_name', 'さくら'),
      v('child_last_name', '佐々木'),
    ]);
    expect(decision.errors).toEqual([]);
    expect(decision.after.map((a) => a.value).sort()).toEqual(['さくら', '佐々木']);
  });

  it('takes a variant of a name on record (髙 of the card), and refuses it typed by someone without one', () => {
    const profile = { last_name: '髙橋', first_name: '一郎', last_name_kana: 'タカハシ' };
    const values = [v('applicant_last_name', '髙橋'), v('child_last_name', '髙橋')];
    expect(decideAnswers(rules, context({ profile }), page(NAMES), values).errors).toEqual([]);
    expect(decideAnswers(rules, context(), page(NAMES), values).errors.map((e) => e.field)).toEqual([
      'applicant_last_name',
      'child_last_name',
    ]);
  });

  it('checks a staff edit the same way', () => {
    const decision = decideAnswers(
      rules,
      context({ stored: [stored('child_first_name', '花子')] }),
      { kind: 'staff', editable: new Set(NAMES) },
      [v('child_first_name', '花子😀')],
    );
    expect(decision.errors).toEqual([{ field: 'child_first_name', message: expect.stringContaining('😀') }]);
  });

  it('and the submission, on answers stored before the check existed', () => {
    const problems = answerProblems(rules, context({ stored: [stored('child_first_name', '𠮷子')] }));
    expect(problems).toContainEqual({ field: 'child_first_name', message: expect.stringContaining('𠮷') });
  });
});

describe('decideAnswers: a resident page', () => {
  it('refuses an item the page does not ask, and a repetition of an item asked once', () => {
    expect(decideAnswers(rules, context(), page(['child_first_name']), [v('bank_name', 'x')]).errors).toEqual(
      [{ field: 'bank_name', message: 'not part of this form' }],
    );
    expect(
      decideAnswers(rules, context(), page(['applicant_phone']), [v('applicant_phone', '0312345678', 2)])
        .errors,
    ).toEqual([{ field: 'applicant_phone.2', message: 'this item is asked once' }]);
  });

  it('refuses an answer given twice on one page, whichever value comes last', () => {
    const twice = [v('applicant_phone', '0312345678'), v('applicant_phone', '0398765432')];
    const decision = decideAnswers(rules, context(), page(['applicant_phone']), twice);
    expect(decision.errors).toEqual([{ field: 'applicant_phone', message: 'given more than once' }]);
    expect(decision.save).toEqual([]);
  });

  it('names each unanswered required item', () => {
    const decision = decideAnswers(
      rules,
      context(),
      page(['child_first_name', 'child_last_name'], { required: ['child_first_name'] }),
      [v('child_last_name', '山田')],
    );
    expect(decision.errors).toEqual([{ field: 'child_first_name', message: '子の名: required' }]);
  });

  it('keeps the source of a value the resident left as the card gave it', () => {
    const before = [{ ...stored('applicant_last_name', '山田'), source: 'identity' as const }];
    const decision = decideAnswers(rules, context({ stored: before }), page(NAMES), [
      v('applicant_last_name', '山田'),
      v('applicant_first_name', '花子'),
    ]);
    expect(decision.after).toContainEqual({ ...v('applicant_last_name', '山田'), source: 'identity' });
    expect(decision.save).toEqual([{ ...v('applicant_first_name', '花子'), source: null }]);
  });

  it('writes only what changed: an answer sent again as stored is not saved again', () => {
    const before = [
      stored('applicant_phone', '0312345678'),
      { ...stored('applicant_last_name', '山田'), source: 'identity' as const },
    ];
    const again = decideAnswers(rules, context({ stored: before }), page(['applicant_phone', ...NAMES]), [
      v('applicant_phone', '0312345678'),
      v('applicant_last_name', '山田'),
    ]);
    expect(again.errors).toEqual([]);
    expect(again.save).toEqual([]);
    expect(again.remove).toEqual([]);
    expect(again.after).toEqual(before);
    // New values are written, a typed one without the card's source.
    const changed = decideAnswers(rules, context({ stored: before }), page(['applicant_phone', ...NAMES]), [
      v('applicant_phone', '0398765432'),
      v('applicant_last_name', '山本'),
    ]);
    expect(changed.save.map((a) => [a.standard_item_code, a.value, a.source])).toEqual([
      ['applicant_phone', '0398765432', null],
      ['applicant_last_name', '山本', null],
    ]);
  });
});

describe('decideAnswers: a remand that names fields (decision 0023)', () => {
  const before = [
    stored('applicant_phone', '0312345678'),
    stored('applicant_occupation', '会社員'),
    stored('child_first_name', null),
  ];
  const remand = (codes: string[]) => page(codes, { correctable: new Set(['applicant_phone#1']) });

  it('refuses a changed answer of a field not named, at its field', () => {
    const decision = decideAnswers(rules, context({ stored: before }), remand(['applicant_occupation']), [
      v('applicant_occupation', '無職'),
    ]);
    expect(decision.errors).toEqual([
      { field: 'applicant_occupation', message: expect.stringContaining('not sent back') },
    ]);
  });

  it('lets named fields change, the unchanged page pass, and unanswered fields be answered', () => {
    const decision = decideAnswers(
      rules,
      context({ stored: before }),
      remand(['applicant_phone', 'applicant_occupation', 'child_first_name']),
      [
        v('applicant_phone', '0398765432'),
        v('applicant_occupation', '会社員'),
        v('child_first_name', '花子'),
      ],
    );
    expect(decision.errors).toEqual([]);
    expect(decision.after.map((a) => [a.standard_item_code, a.value])).toEqual(
      expect.arrayContaining([
        ['applicant_phone', '0398765432'],
        ['applicant_occupation', '会社員'],
        ['child_first_name', '花子'],
      ]),
    );
  });
});

describe('decideAnswers: a staff edit', () => {
  it('refuses items outside the document and values given twice', () => {
    const decision = decideAnswers(
      rules,
      context(),
      { kind: 'staff', editable: new Set(['child_first_name']) },
      [v('child_first_name', '花子'), v('child_first_name', '桜'), v('bank_name', 'x')],
    );
    expect(decision.errors.map((e) => e.message)).toEqual([
      'not an item of this document',
      'given more than once',
    ]);
  });

  it('records each change before and after, and writes no source (staff typed it)', () => {
    const decision = decideAnswers(
      rules,
      context({
        stored: [
          { ...stored('child_first_name', '花子'), source: 'identity' },
          stored('child_last_name', '山田'),
        ],
      }),
      { kind: 'staff', editable: new Set(['child_first_name', 'child_last_name']) },
      [v('child_first_name', '桜'), v('child_last_name', '山田')],
    );
    expect(decision.changes).toEqual([
      { code: 'child_first_name', sequence: 1, before: '花子', after: '桜' },
    ]);
    expect(decision.save).toEqual([{ ...v('child_first_name', '桜'), source: null }]);
  });
});

describe('decideAnswers: a page sent again as stored', () => {
  it('decides on the kept state as on a fresh one: required items still named, nothing written', () => {
    const held = context({
      stored: [stored('applicant_phone', '0312345678'), stored('child_last_name', '山田')],
    });
    const asked = page(['applicant_phone', 'child_last_name', 'child_first_name'], {
      required: ['child_first_name'],
    });
    const again = [v('applicant_phone', '0312345678'), v('child_last_name', '山田')];
    const first = decideAnswers(rules, held, asked, again);
    expect(first.errors).toEqual([{ field: 'child_first_name', message: '子の名: required' }]);
    // The second decision reads the kept state: the same answer.
    expect(decideAnswers(rules, held, asked, again)).toEqual(first);
    // A fresh context with the same answers decides alike.
    expect(decideAnswers(rules, { ...held }, asked, again)).toEqual(first);
    const answered = decideAnswers(rules, held, asked, [...again, v('child_first_name', '花子')]);
    expect(answered.errors).toEqual([]);
    expect(answered.save.map((a) => a.standard_item_code)).toEqual(['child_first_name']);
  });
});

describe('storedFormState', () => {
  it("is the stored answers' form state, computed once per context and rules", () => {
    const held = context({ stored: [stored('applicant_phone', '0312345678')] });
    const state = storedFormState(rules, held);
    expect(state).toEqual(formStateOf(rules, held));
    expect(storedFormState(rules, held)).toBe(state);
    // A new context (a save makes one) and other rules (another version) are computed afresh.
    const next = { ...held, stored: [stored('applicant_phone', '0398765432')] };
    expect(storedFormState(rules, next)).not.toBe(state);
    expect(storedFormState(rules, next)).toEqual(formStateOf(rules, next));
    const other = compileConfiguration(demoProcedureGroup());
    expect(storedFormState(other, held)).not.toBe(state);
    expect(storedFormState(other, held)).toEqual(state);
  });
});
