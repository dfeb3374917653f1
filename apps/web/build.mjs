// Builds the three web targets in sequence (applicant, municipality, mastertool), each into
// dist/<target>, with the configuration vite.config.ts exports. Exits non-zero on the first failure.
import { fileURLToPath } from 'node:url';
import { build, runnerImport } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

try {
  // runnerImport resolves a dev-server config, which sets NODE_ENV=development when it is unset; put
  // it back so each build() chooses production itself (otherwise React's dev build ships).
  const nodeEnv = process.env.NODE_ENV;
  const { module: config } = await runnerImport(configFile);
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  for (const target of config.targets) {
    const started = Date.now();
    console.log(`\n[web] building ${target} (base ${config.targetBase[target]}) -> dist/${target}`);
    await build({ ...config.webConfig(target), root, configFile: false });
    console.log(`[web] ${target} built in ${Date.now() - started} ms`);
  }
} catch (error) {
  console.error('[web] build failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
