import { WayAhead } from '@portal/contracts';
import { demoProcedureGroup, demoProcedureGroups } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { wayAhead, type WayProgress } from './way-ahead.js';

const birth = () => demoProcedureGroup();
const pregnancy = () => demoProcedureGroups().find((g) => g.id === 1001)!;
const states = (way: WayAhead) => Object.fromEntries(way.steps.map((s) => [s.step, s.state]));

/** A fresh application: created after the filter and a card sign-in, no assistant page answered. */
const fresh: WayProgress = {
  status: 'draft',
  currentStep: 'procedures',
  questionsOpen: true,
  identification: {},
  cardSignIn: true,
};
const all = { of: 'candidates' as const, ids: [1, 2, 3] };

describe('the way ahead of a group (before the first question)', () => {
  it('lists デモ市 出生・子育て’s steps, its three routes, both signatures and every attachment', () => {
    const way = WayAhead.parse(wayAhead(birth()));
    expect(way.steps.map((s) => s.step)).toEqual([
      'filter',
      'sign_in',
      'assistant',
      'procedures',
      'identification',
      'form',
      'attachments',
      'signature',
      'complete',
    ]);
    expect(way.steps.every((s) => s.state === 'ahead')).toBe(true);
    expect(way.identification_routes).toEqual(['jpki', 'basic_four_information', 'mynaportal']);
    expect(way.signatures).toEqual(['handwritten', 'digital']);
    expect(way.attaches_of).toBe('group');
    // The drawn signature's slot is not a document to prepare.
    expect(way.attaches.map((a) => a.name)).toEqual([
      '出生証明書',
      '振込先口座の通帳またはキャッシュカードの写真',
      '健康保険証（資格確認書）の写真',
    ]);
    expect(way.attaches[0]).toEqual({ name: '出生証明書', type: 'OR', en: { name: 'Birth certificate' } });
    expect(way.prepare.map((p) => p.kind)).toEqual(['card_pin', 'signing_pin', 'attach', 'attach', 'attach']);
  });

  it('promises no signature and lists no switched-off route for a group without them', () => {
    // サンプル町 妊娠・出産: card only, no procedure signed, nothing attached.
    const way = WayAhead.parse(wayAhead(pregnancy()));
    expect(way.identification_routes).toEqual(['jpki']);
    expect(way.signatures).toEqual([]);
    expect(way.attaches).toEqual([]);
    expect(way.steps.map((s) => s.step)).not.toContain('attachments');
    // The application is still confirmed and sent at the signature step, without a signature.
    expect(way.steps.map((s) => s.step)).toContain('signature');
    expect(way.prepare).toEqual([{ kind: 'card_pin' }]);
  });

  it('follows the configuration: routes switched off, a digital signature dropped, a shared document once', () => {
    const config = birth();
    config.disclosure.use_mynaportal = false;
    config.disclosure.use_basic_four_information = false;
    for (const p of config.disclosure.procedures) p.is_signature_digital_certificate = false;
    config.disclosure.procedure_attaches = config.disclosure.procedure_attaches.filter(
      (a) => a.type !== 'SG',
    );
    const twice = config.disclosure.procedure_attaches.find((a) => a.name === '出生証明書')!;
    config.disclosure.procedure_attaches.push({ ...twice, id: 999, procedure_id: 2 });
    const way = wayAhead(config);
    expect(way.identification_routes).toEqual(['jpki']);
    expect(way.signatures).toEqual([]);
    expect(way.prepare.map((p) => p.kind)).not.toContain('signing_pin');
    expect(way.attaches.filter((a) => a.name === '出生証明書')).toHaveLength(1);
    // A group with no route at all has no identification step to promise.
    config.disclosure.identifications = { jpki: false, basic_four_information: false };
    expect(wayAhead(config).steps.map((s) => s.step)).not.toContain('identification');
  });

  it('counts only the procedures given: the chosen birth notification alone needs no drawn signature', () => {
    const way = wayAhead(birth(), { of: 'chosen', ids: [1] }, { ...fresh, currentStep: 'identification' });
    expect(way.attaches_of).toBe('chosen');
    expect(way.signatures).toEqual(['digital']);
    expect(way.attaches.map((a) => a.name)).toEqual(['出生証明書']);
  });
});

describe('the way ahead of an application (where the resident is)', () => {
  it('marks the filter and the sign-in done and the questions current right after creation', () => {
    const way = wayAhead(birth(), all, fresh);
    expect(states(way)).toEqual({
      filter: 'done',
      sign_in: 'done',
      assistant: 'current',
      procedures: 'ahead',
      identification: 'ahead',
      form: 'ahead',
      attachments: 'ahead',
      signature: 'ahead',
      complete: 'ahead',
    });
    // The card read at sign-in identifies: the card and its 4-digit PIN are not needed again.
    expect(way.identified_by_sign_in).toBe(true);
    expect(way.prepare.map((p) => p.kind)).not.toContain('card_pin');
  });

  it('moves on with the answers, the choice and the identification, never behind the resident', () => {
    const answered = wayAhead(birth(), all, { ...fresh, questionsOpen: false });
    expect(states(answered)).toMatchObject({ assistant: 'done', procedures: 'current' });

    const chosen = { ...fresh, questionsOpen: false, currentStep: 'identification' };
    expect(states(wayAhead(birth(), all, chosen))).toMatchObject({
      procedures: 'done',
      identification: 'current',
    });
    const identified = wayAhead(birth(), all, {
      ...chosen,
      identification: { basic_four: { verified_at: '2026-01-01T00:00:00Z', mismatched: [], attempts: 1 } },
    });
    expect(states(identified)).toMatchObject({ identification: 'done', form: 'current' });
    expect(identified.identified_by_sign_in).toBe(false);

    // Attachments confirmed: the signature is current, and only its PIN is left to have at hand.
    const signing = wayAhead(birth(), all, { ...chosen, currentStep: 'signature' });
    expect(states(signing)).toMatchObject({
      identification: 'done',
      attachments: 'done',
      signature: 'current',
    });
    expect(signing.prepare).toEqual([{ kind: 'signing_pin' }]);

    const sent = wayAhead(birth(), all, { ...chosen, status: 'submitted', currentStep: 'complete' });
    expect(sent.steps.every((s) => s.state === 'done')).toBe(true);
    expect(sent.prepare).toEqual([]);
  });

  it('asks for the card when the card is the only route and the sign-in did not read it', () => {
    const config = pregnancy();
    const way = wayAhead(
      config,
      { of: 'chosen', ids: [1001] },
      { ...fresh, questionsOpen: false, currentStep: 'identification', cardSignIn: false },
    );
    expect(way.identified_by_sign_in).toBe(false);
    expect(way.prepare).toEqual([{ kind: 'card_pin' }]);
  });
});
