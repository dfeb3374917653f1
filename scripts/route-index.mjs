// Writes packages/contracts/src/routes/route-index.generated.ts from the route table: run with
// `npx tsx scripts/route-index.mjs` after changing a route (route-index.test.ts says when).
import { writeFileSync } from 'node:fs';
import { routeTable } from '../packages/contracts/src/routes/index.ts';

const lines = routeTable.map((r) => {
  const entry = { id: r.id, method: r.method, path: r.path, csrf: r.csrf, produces: r.produces };
  return `  ${JSON.stringify(r.id)}: ${JSON.stringify(entry)},`;
});
const file = new URL('../packages/contracts/src/routes/route-index.generated.ts', import.meta.url);
writeFileSync(
  file,
  [
    '// Generated from the route table by scripts/route-index.mjs: do not edit by hand.',
    "import type { RouteEntry } from './paths.js';",
    '',
    'export const routeIndex: Readonly<Record<string, RouteEntry>> = {',
    ...lines,
    '};',
    '',
  ].join('\n'),
);
console.log(`route index written: ${routeTable.length} routes`);
