// The pre-reflection check on the server (decision 0047): a draft with a planted mistake saves (drafts may
// be unfinished), staging refuses to reflect it with 409 and one error per problem at its field, nothing
// is published, and the manager says it cannot be reflected; warnings alone do not block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcedureGroupDraft, ReflectionManager, type ProcedureGroupConfiguration } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  type PortalTestApp,
  type PrefixBrowser,
} from '../../testing/portal-app.js';

const MT = '/mastertool/municipalities/999999';

const concierges = (g: ProcedureGroupConfiguration) =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );

/** Each planted mistake, and the field the refusal names. */
const MISTAKES: [string, (g: ProcedureGroupConfiguration) => void, RegExp][] = [
  [
    'an unreachable procedure',
    (g) => {
      for (const q of concierges(g))
        q.concierge_procedure_codes = q.concierge_procedure_codes.filter(
          (p) => p.procedure_code !== 'child_allowance',
        );
    },
    /^procedure_group\.disclosure\.procedures\.\d+\.name$/,
  ],
  [
    'an empty page',
    (g) => {
      const category = g.concierge_set.assistant_concierge_category[0]!;
      category.concierge_sub_category.push({
        ...category.concierge_sub_category[0]!,
        id: 9_001,
        name: '空のページ',
        sequence: 99,
        concierges: [],
      });
    },
    /^procedure_group\.concierge_set\.assistant_concierge_category\.0\.concierge_sub_category\.\d+\.name$/,
  ],
  [
    'a required item never asked',
    (g) => {
      g.standard_items.push({ ...g.standard_items[0]!, code: 'never_asked_item', name: '聞かれない項目' });
    },
    /^procedure_group\.standard_items\.\d+\.name$/,
  ],
  [
    'a rule naming a deleted item',
    (g) => {
      // The item is taken off every page and out of the group, while a hidden rule still names it.
      const code = 'child_nationality_note';
      g.standard_items.push({ ...g.standard_items[0]!, code, name: '国籍の補足', required: false });
      g.concierge_set.concierge_rule.form_rule.hidden_rules.push({
        target: code,
        conditions: [[{ source: code, symbol: '', expected: '' }]],
      });
    },
    /^procedure_group\.concierge_set\.concierge_rule\.form_rule\.hidden_rules\.\d+\.target$/,
  ],
  [
    'a step text promising a signature the group does not have',
    (g) => {
      for (const p of g.disclosure.procedures) p.is_signature_digital_certificate = false;
      g.disclosure.procedure_attaches = g.disclosure.procedure_attaches.filter((a) => a.type !== 'SG');
      g.resident_texts = { steps: { signature: 'マイナンバーカードで電子署名をして送信します。' } };
    },
    /^procedure_group\.resident_texts\.steps\.signature$/,
  ],
];

describe.each(databaseKinds)('the pre-reflection check on %s', (kind) => {
  let t: PortalTestApp;
  let stg: PrefixBrowser;
  let original: ProcedureGroupConfiguration;
  beforeAll(async () => {
    t = await createPortalTestApp(kind);
    stg = await operatorOn(t.app, '/stg-api');
    original = await draftOf();
  });
  afterAll(() => t.close());

  async function draftOf() {
    const res = await stg.request(
      'GET',
      `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return ProcedureGroupDraft.parse(res.json()).procedure_group;
  }
  const save = (g: ProcedureGroupConfiguration) =>
    stg.request('PUT', `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`, {
      procedure_group: g,
    });
  const reflect = () => stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
  const manager = async () =>
    ReflectionManager.parse((await stg.request('GET', `${MT}/reflection-managers/1/`)).json());
  const versions = async () =>
    Number(
      (await t.stagingDatabase.executeSql('select count(*) as n from configuration_versions')).rows[0]?.n,
    );

  it.each(MISTAKES)('refuses to reflect %s, naming its place', async (_, plant, field) => {
    const g = structuredClone(original);
    plant(g);
    const saved = await save(g);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await manager()).staging.can_reflect).toBe(false);
    const before = await versions();
    const res = await reflect();
    expect(res.statusCode, res.body).toBe(409);
    const errors = res.json().errors as { code: string; message: string; field?: string }[];
    expect(errors.every((e) => e.code === 'conflict' && e.message.startsWith('pre-reflection check:'))).toBe(
      true,
    );
    expect(errors.map((e) => e.field)).toContainEqual(expect.stringMatching(field));
    expect(await versions()).toBe(before);
  });

  it('reflects a draft with warnings only (an item two questions ask)', async () => {
    const g = structuredClone(original);
    const asked = concierges(g).find((q) => q.type === 'FO' && q.standard_item_code.length > 0)!;
    const other = concierges(g).find((q) => q.type === 'FO' && q !== asked)!;
    other.standard_item_code.push(asked.standard_item_code[0]!);
    expect((await save(g)).statusCode).toBe(200);
    expect((await manager()).staging.can_reflect).toBe(true);
    const res = await reflect();
    expect(res.statusCode, res.body).toBe(200);
  });
});
