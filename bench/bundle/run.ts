// Builds the applicant target into a temporary folder with a Vite manifest and reports the initial
// JavaScript of the entrance screen, gzip: the entry chunk and its static imports. Goal: <= 150 KB. Also
// reports what the entrance loads on top of that once its route matches (the layout and screen chunks,
// which bring MUI, and the route-table chunk of the API client, which brings zod).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, runnerImport, type UserConfig } from 'vite';

const GOAL_KB = 150;
const webRoot = fileURLToPath(new URL('../../apps/web/', import.meta.url));
const ENTRANCE_SCREEN = 'src/targets/applicant/screens/EntranceScreen.tsx';
/** The default layout (header, footer, theme): a lazy chunk of its own, loaded with the first screen. */
const DEFAULT_LAYOUT = 'src/lib/layout/SiteFrame.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk's own file and every file it imports statically, transitively (manifest keys). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const outDir = mkdtempSync(join(tmpdir(), 'portal-bundle-'));
try {
  const nodeEnv = process.env.NODE_ENV;
  const { module: config } = await runnerImport<{ webConfig(target: 'applicant'): UserConfig }>(
    join(webRoot, 'vite.config.ts'),
  );
  // runnerImport sets NODE_ENV=development when unset; put it back so the build is a production one.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  const base = config.webConfig('applicant');
  await build({
    ...base,
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    build: { ...base.build, outDir, emptyOutDir: true, manifest: true },
  });

  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipOf = (key: string) => {
    const file = manifest[key]?.file;
    if (!file || !file.endsWith('.js')) return { raw: 0, gzip: 0 };
    const bytes = readFileSync(join(outDir, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const total = (keys: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const key of keys) {
      const size = gzipOf(key);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { raw, gzip };
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const initial = staticClosure(manifest, entryKey);
  const initialSize = total(initial);

  console.log('entrance screen, initial JavaScript (entry chunk + static imports):');
  for (const key of initial) {
    const size = gzipOf(key);
    if (size.raw > 0) console.log(`  ${manifest[key]?.file}  ${kb(size.raw)} raw, ${kb(size.gzip)} gzip`);
  }

  // What the entrance route adds before its screen shows: the layout and screen chunks (MUI comes with
  // them) and the API client's route table (zod).
  const lazy = new Set<string>();
  const contractsKey = Object.keys(manifest).find((k) => k.endsWith('packages/contracts/src/index.ts'));
  for (const key of [DEFAULT_LAYOUT, ENTRANCE_SCREEN, contractsKey]) {
    if (key && manifest[key]) for (const k of staticClosure(manifest, key)) if (!initial.has(k)) lazy.add(k);
  }
  const lazySize = total(lazy);
  for (const key of lazy) {
    const size = gzipOf(key);
    if (size.raw > 0)
      console.log(`  + ${manifest[key]?.file}  ${kb(size.raw)} raw, ${kb(size.gzip)} gzip (on route match)`);
  }

  const met = initialSize.gzip <= GOAL_KB * 1024;
  console.log(
    `bundle: entrance initial JavaScript ${kb(initialSize.gzip)} gzip (${kb(initialSize.raw)} raw); ` +
      `goal <= ${GOAL_KB} KB${met ? ': met' : ': NOT met'}`,
  );
  console.log(
    `bundle: with the layout, the entrance screen and the route table (all it loads before it shows) ` +
      `${kb(initialSize.gzip + lazySize.gzip)} gzip ` +
      `(${kb(initialSize.raw + lazySize.raw)} raw)`,
  );
  if (!met) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
