// Bundles the API into dist/server.js (workspace packages inlined, npm packages external) and copies
// the migrations beside it. A successful build records its inputs' hash in dist/.build-stamp
// (scripts/build-stamp.mjs), which `npm start` compares to skip a build of unchanged inputs.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildTargets, hashInputs, writeStamp } from '../../scripts/build-stamp.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

// BUILD_OUT (absolute, inside the repository so node_modules resolve): a build of its own elsewhere; the
// server then finds the web build at BUILD_OUT/web/dist, as it finds apps/web/dist from apps/api/dist.
const out = process.env.BUILD_OUT ? `${process.env.BUILD_OUT}/api/dist` : 'dist';
const repo = fileURLToPath(new URL('../..', import.meta.url));
const stamp = buildTargets(repo, process.env.BUILD_OUT).find((t) => t.name === 'api');
// The inputs as they are when the build starts: an edit made meanwhile calls for the next build.
const hash = hashInputs(repo, stamp.inputs);
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/db/migrate.cli.ts', seed: 'src/demo/seed.cli.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
writeStamp(stamp, hash);
console.log(`api built: ${out}/server.js`);
