import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './module-boundary.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const docs = path.join(path.sep, 'repo', 'apps', 'api', 'src', 'modules', 'documents');
const known = path.join(mkdtempSync(path.join(tmpdir(), 'crossings-')), 'known.json');
writeFileSync(known, JSON.stringify({ 'documents/old.ts': ['audit/audit.repository.js'] }));

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (name) => path.join(docs, name);
const refused = [{ message: /audit\/audit\.repository\.js is inside the audit module/ }];

tester.run('module-boundary', rule, {
  valid: [
    { code: "import { a } from './documents.repository.js';", filename: at('documents.service.ts') },
    { code: "import { s } from '../audit/audit-log.service.js';", filename: at('x.ts') },
    { code: "import { p } from '../staff/staff.policy.js';", filename: at('x.ts') },
    { code: "import type { A } from '../audit/audit.repository.js';", filename: at('x.ts') },
    { code: "import { type A } from '../audit/audit.repository.js';", filename: at('x.ts') },
    { code: "import { a } from '../../http/errors.js';", filename: at('x.ts') },
    {
      code: "import { a } from '../audit/audit.repository.js';",
      filename: at('old.ts'),
      options: [{ known }],
    },
    { code: "import { a } from '../audit/audit.repository.js';", filename: '/repo/apps/api/src/app.ts' },
  ],
  invalid: [
    { code: "import { a } from '../audit/audit.repository.js';", filename: at('x.ts'), errors: refused },
    { code: "export { a } from '../audit/audit.repository.js';", filename: at('x.ts'), errors: refused },
    {
      code: "import { a, type B } from '../audit/audit.repository.js';",
      filename: at('new.ts'),
      options: [{ known }],
      errors: refused,
    },
  ],
});
