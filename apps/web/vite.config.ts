// One Vite app, three build targets: applicants at '/', municipality staff at '/staff/', master-tool
// operators at '/mastertool/'. build.mjs builds all three; `npx vite` serves the applicant target
// (WEB_TARGET=municipality or WEB_TARGET=mastertool develops another one).
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions, type UserConfig } from 'vite';
import { isTarget, targetBase, targets, type Target } from './src/target.ts';

export { targetBase, targets };

/** The API server in development (apps/api listens on 3000). */
const apiOrigin = 'http://127.0.0.1:3000';

export function webConfig(target: Target): UserConfig {
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target: apiOrigin },
    '/stg-api': { target: apiOrigin },
  };
  return {
    root: import.meta.dirname,
    base: targetBase[target],
    plugins: [react()],
    // The code reads its target from import.meta.env.VITE_TARGET (typed in src/env.d.ts).
    define: { 'import.meta.env.VITE_TARGET': JSON.stringify(target) },
    build: { outDir: `dist/${target}`, emptyOutDir: true, target: 'es2022' },
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
  };
}

const requested = process.env.WEB_TARGET || 'applicant';
if (!isTarget(requested)) {
  throw new Error(`WEB_TARGET must be one of ${targets.join(', ')}; got '${requested}'`);
}

export default defineConfig(webConfig(requested));
