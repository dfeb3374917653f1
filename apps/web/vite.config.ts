// One Vite app, three build targets: applicants at '/', municipality staff at '/staff/', master-tool
// operators at '/mastertool/'. build.mjs builds all three; `npx vite` serves the applicant target
// (WEB_TARGET=municipality or WEB_TARGET=mastertool develops another one).
import tokens from '@digital-go-jp/design-tokens';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { appShell } from './app-shell.ts';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';
import { isTarget, targetBase, targets, type Target } from './src/target.ts';

export { targetBase, targets };

/** The API server in development (apps/api listens on 3000). */
const apiOrigin = 'http://127.0.0.1:3000';

/** Keeps only the `$value` of each design token (the package ships every token's metadata too). */
export function compactTokens(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  if ('$value' in node) return { $value: (node as { $value: unknown }).$value };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, compactTokens(value)]));
}

/**
 * Serves @digital-go-jp/design-tokens to the build as its values only: the same tokens, a twentieth of the
 * bytes. Type checking and unit tests read the package itself.
 */
function designTokens(): Plugin {
  const id = '\0portal:design-tokens';
  return {
    name: 'portal:design-tokens',
    enforce: 'pre',
    resolveId: (source) => (source === '@digital-go-jp/design-tokens' ? id : null),
    load: (loaded) => (loaded === id ? `export default ${JSON.stringify(compactTokens(tokens))};` : null),
  };
}

export function webConfig(target: Target): UserConfig {
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target: apiOrigin },
    '/stg-api': { target: apiOrigin },
  };
  return {
    root: import.meta.dirname,
    base: targetBase[target],
    // Brotli and gzip copies beside every asset over 1 KiB, served as they are (web plugin's preCompressed).
    plugins: [
      designTokens(),
      react(),
      appShell(target),
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    ],
    // src/main.tsx imports '#target': the start module of this target only (tsconfig.json maps it to the
    // applicant one for type checking; the three share one signature).
    resolve: {
      alias: {
        '#target': `${import.meta.dirname}/src/targets/${target}/main.tsx`,
      },
    },
    // The code reads its target from import.meta.env.VITE_TARGET (typed in src/env.d.ts).
    define: { 'import.meta.env.VITE_TARGET': JSON.stringify(target) },
    // Every browser the portal supports has module preload: no polyfill in the entry.
    build: {
      // BUILD_OUT (absolute): a build of its own elsewhere, e.g. for one browser-test run.
      outDir: process.env.BUILD_OUT ? `${process.env.BUILD_OUT}/web/dist/${target}` : `dist/${target}`,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: { polyfill: false },
    },
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
  };
}

/** Where the applicant's server render module is built (beside the targets; the API server imports it). */
export const SSR_DIR = 'applicant-ssr';

/**
 * The applicant's server render (decision 0060): src/targets/applicant/ssr.tsx as one module for Node,
 * `dist/applicant-ssr/render.mjs`. Everything but React is bundled (the same React as react-dom/server's).
 */
export function ssrConfig(): UserConfig {
  const target: Target = 'applicant';
  return {
    root: import.meta.dirname,
    base: targetBase[target],
    plugins: [designTokens(), react()],
    resolve: { alias: { '#target': `${import.meta.dirname}/src/targets/${target}/main.tsx` } },
    // The browser's build is production's: emotion's class names (no labels) must be the same here.
    define: {
      'import.meta.env.VITE_TARGET': JSON.stringify(target),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    ssr: { noExternal: true, external: ['react', 'react-dom'], target: 'node' },
    build: {
      ssr: 'src/targets/applicant/ssr.tsx',
      outDir: process.env.BUILD_OUT ? `${process.env.BUILD_OUT}/web/dist/${SSR_DIR}` : `dist/${SSR_DIR}`,
      emptyOutDir: true,
      target: 'node20',
      copyPublicDir: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'render.mjs' } },
    },
  };
}

const requested = process.env.WEB_TARGET || 'applicant';
if (!isTarget(requested)) {
  throw new Error(`WEB_TARGET must be one of ${targets.join(', ')}; got '${requested}'`);
}

export default defineConfig(webConfig(requested));
