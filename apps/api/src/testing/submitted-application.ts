import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { demoData } from '@portal/demo';
import { json, type Client } from './applicant-walk.js';
import type { DatabaseKind } from './databases.js';
import { createTestApp, type TestApp } from './test-app.js';

/** 山田 太郎 of the demo resident registry (demo-resident-0001), as the basic four information asks. */
export const TARO = {
  last_name: '山田',
  first_name: '太郎',
  birth_date: '1988-04-15',
  sex: 'male',
};

/** A test app listening on a free port, with the demo catalog and 山田 太郎's registry entry. */
export interface SubmittingApp {
  t: TestApp;
  base: string;
  catalog: Map<string, StandardItem>;
  registry: { postal_code: string; address: string };
}

/** Starts the app the resident submitting tests talk to over real HTTP. */
export async function submittingApp(kind: DatabaseKind): Promise<SubmittingApp> {
  const t = await createTestApp(kind);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    t,
    base,
    catalog: new Map(demoData.standard_items.map((i) => [i.code, i])),
    registry: demoData.residents.find((r) => r.subject === 'demo-resident-0001')!,
  };
}

/**
 * The suite's app, started before its tests and closed after them: one line in a `describe`. Read its
 * fields inside tests (they are filled in by then).
 */
export function submittingAppPerSuite(kind: DatabaseKind): SubmittingApp {
  const suite = {} as SubmittingApp;
  beforeAll(async () => {
    Object.assign(suite, await submittingApp(kind));
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/** Identifies the resident as 山田 太郎 by the basic four information (a route submission accepts). */
export async function identifyAsTaro(
  client: Client,
  s: Pick<SubmittingApp, 'base' | 'registry'>,
  app: string,
) {
  return json(
    await client.call(s.base, 'POST', `${app}/basic-four-information/`, {
      ...TARO,
      postal_code: s.registry.postal_code,
      address: s.registry.address,
    }),
  );
}

/** Identifies the resident and submits the application: its documents are received by staff. */
export async function identifyAndSubmit(
  client: Client,
  s: Pick<SubmittingApp, 'base' | 'registry'>,
  app: string,
) {
  await identifyAsTaro(client, s, app);
  return json(await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' }));
}
