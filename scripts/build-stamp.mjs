// Whether `npm start` must build: a hash of each app's build inputs, kept in a stamp file beside its
// outputs after a successful build. Same inputs and outputs present: the build is skipped. Node built-ins only
// (it runs before anything else is known to be installed).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The file beside an app's outputs that holds the hash of the inputs it was built from. */
export const STAMP_FILE = '.build-stamp';

const shared = [
  'packages/contracts/src',
  'packages/rules/src',
  'packages/contracts/package.json',
  'packages/rules/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/**
 * Each app's build: its inputs (files or folders, from the repository root), its outputs (files that
 * must exist) and where the stamp lives, for the default build or a BUILD_OUT one.
 */
export function buildTargets(root, buildOut) {
  const webDist = buildOut ? join(buildOut, 'web', 'dist') : join(root, 'apps/web/dist');
  const apiDist = buildOut ? join(buildOut, 'api', 'dist') : join(root, 'apps/api/dist');
  return [
    {
      name: 'web',
      cwd: join(root, 'apps/web'),
      inputs: [
        'apps/web/src',
        'apps/web/public',
        'apps/web/index.html',
        'apps/web/vite.config.ts',
        'apps/web/build.mjs',
        'apps/web/package.json',
        'apps/web/tsconfig.json',
        ...shared,
      ],
      outputs: ['applicant', 'municipality', 'mastertool'].map((t) => join(webDist, t, 'index.html')),
      stamp: join(webDist, STAMP_FILE),
    },
    {
      name: 'api',
      cwd: join(root, 'apps/api'),
      inputs: [
        'apps/api/src',
        'apps/api/build.mjs',
        'apps/api/package.json',
        'apps/api/tsconfig.json',
        // The demo data is bundled into the server (seeded at start), never into the web build.
        'packages/demo/src',
        'packages/demo/package.json',
        ...shared,
      ],
      outputs: [join(apiDist, 'server.js'), join(apiDist, 'migrations')],
      stamp: join(apiDist, STAMP_FILE),
    },
  ];
}

/** Tests are never bundled: editing one does not call for a build. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under the inputs (missing ones skipped), sorted, as paths relative to root with '/'. */
export function inputFiles(root, inputs) {
  const files = [];
  const walk = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return; // an optional input that does not exist
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== '.DS_Store') walk(join(path, entry));
      }
    } else if (stat.isFile() && !isTest(path)) {
      files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const input of inputs) walk(join(root, input));
  return [...new Set(files)].sort();
}

/** SHA-256 over every input file's path and content: a rename, an edit or a new file changes it. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The decision, pure: skip only when the stamp holds the inputs' hash and every output exists.
 * @param {{ stamp: string | undefined, hash: string, outputsPresent: boolean }} state
 * @returns {{ build: boolean, reason: string }}
 */
export function buildDecision({ stamp, hash, outputsPresent }) {
  if (!outputsPresent) return { build: true, reason: 'outputs missing' };
  if (stamp === undefined) return { build: true, reason: 'no record of the last build' };
  if (stamp.trim() !== hash) return { build: true, reason: 'inputs changed' };
  return { build: false, reason: 'inputs unchanged' };
}

/** Reads a target's state from disk and decides; `hash` is what to write to the stamp after building. */
export function decide(root, target) {
  const hash = hashInputs(root, target.inputs);
  const stamp = existsSync(target.stamp) ? readFileSync(target.stamp, 'utf8') : undefined;
  const outputsPresent = target.outputs.every((file) => existsSync(file));
  return { ...buildDecision({ stamp, hash, outputsPresent }), hash };
}

export const writeStamp = (target, hash) => writeFileSync(target.stamp, `${hash}\n`);
export const removeStamp = (target) => rmSync(target.stamp, { force: true });
