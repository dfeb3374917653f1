// The import zones of eslint.config.js: each refuses a violating import and lets the allowed one through.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: repo });

/** The no-restricted-imports messages for one import line placed in a file at `filePath`. */
async function refusals(filePath, from) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const zones = [
  ['a feature importing another feature', 'apps/web/src/features/form/x.ts', '../assistant/ItemField'],
  ['a feature importing a target', 'apps/web/src/features/form/x.ts', '../../targets/applicant/routes'],
  ['lib importing a feature', 'apps/web/src/lib/router/x.ts', '../../features/page-data/page-data'],
  ['web importing the API', 'apps/web/src/lib/api/x.ts', '../../../../api/src/config.js'],
  ['web importing a server-only module', 'apps/web/src/lib/api/x.ts', 'node:fs'],
  ['a service importing drizzle', 'apps/api/src/modules/forms/x.service.ts', 'drizzle-orm'],
  ['a route file importing drizzle', 'apps/api/src/modules/forms/x.routes.ts', 'drizzle-orm'],
  ['db importing a module', 'apps/api/src/db/x.ts', '../modules/forms/forms.service.js'],
  ['the API importing web code', 'apps/api/src/modules/forms/x.ts', '../../../../web/src/lib/api/client'],
  ['contracts importing rules', 'packages/contracts/src/x.ts', '@portal/rules'],
  ['packages importing apps', 'packages/rules/src/x.ts', '../../../apps/api/src/config.js'],
  ['rules doing I/O', 'packages/rules/src/x.ts', 'node:fs'],
  ['web code importing the demo data', 'apps/web/src/features/mastertool-editor/x.ts', '@portal/demo'],
  ['a web target importing the demo data', 'apps/web/src/targets/mastertool/x.tsx', '@portal/demo'],
  ['rules code importing the demo data', 'packages/rules/src/x.ts', '@portal/demo'],
  [
    'a feature test importing another feature',
    'apps/web/src/features/form/x.test.ts',
    '../assistant/ItemField',
  ],
];

const allowed = [
  ['a feature importing lib', 'apps/web/src/features/form/x.ts', '../../lib/i18n'],
  ['a feature importing its own files', 'apps/web/src/features/form/x.ts', './form-model'],
  ['a target importing a feature', 'apps/web/src/targets/applicant/x.ts', '../../features/form/form-model'],
  ['a repository importing drizzle', 'apps/api/src/modules/forms/x.repository.ts', 'drizzle-orm'],
  ['the demo seed importing a module', 'apps/api/src/demo/x.ts', '../modules/forms/forms.service.js'],
  ['the demo seed importing the demo data', 'apps/api/src/demo/x.ts', '@portal/demo'],
  [
    'a web test importing the demo data',
    'apps/web/src/features/mastertool-editor/x.test.tsx',
    '@portal/demo',
  ],
  ['a rules test importing the demo data', 'packages/rules/src/x.test.ts', '@portal/demo'],
];

describe('import zones', () => {
  it.each(zones)('refuse %s', async (_name, filePath, from) => {
    expect(await refusals(filePath, from)).toHaveLength(1);
  });
  it.each(allowed)('allow %s', async (_name, filePath, from) => {
    expect(await refusals(filePath, from)).toEqual([]);
  });
});
