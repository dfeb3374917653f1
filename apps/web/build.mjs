// Builds the three web targets in sequence (applicant, municipality, mastertool), each into
// dist/<target>, with the configuration vite.config.ts exports. Exits non-zero on the first failure.
// Vite reports warnings and errors only; a successful build records its inputs' hash in dist/.build-stamp
// (scripts/build-stamp.mjs), which `npm start` compares to skip a build of unchanged inputs.
import { fileURLToPath } from 'node:url';
import { build, runnerImport } from 'vite';
import { buildTargets, hashInputs, removeStamp, writeStamp } from '../../scripts/build-stamp.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));
const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const stamp = buildTargets(repo, process.env.BUILD_OUT).find((t) => t.name === 'web');

try {
  // The inputs as they are when the build starts: an edit made meanwhile calls for the next build.
  const hash = hashInputs(repo, stamp.inputs);
  removeStamp(stamp);
  // runnerImport resolves a dev-server config, which sets NODE_ENV=development when it is unset; put
  // it back so each build() chooses production itself (otherwise React's dev build ships).
  const nodeEnv = process.env.NODE_ENV;
  const { module: config } = await runnerImport(configFile);
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  for (const target of config.targets) {
    const started = Date.now();
    await build({ ...config.webConfig(target), root, configFile: false, logLevel: 'warn' });
    console.log(`[web] ${target} (base ${config.targetBase[target]}) built in ${Date.now() - started} ms`);
  }
  // The applicant's public pages rendered by the API server (decision 0060).
  const started = Date.now();
  await build({ ...config.ssrConfig(), root, configFile: false, logLevel: 'warn' });
  console.log(`[web] applicant server render (${config.SSR_DIR}) built in ${Date.now() - started} ms`);
  writeStamp(stamp, hash);
} catch (error) {
  console.error('[web] build failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
