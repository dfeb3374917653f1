import { rmSync } from 'node:fs';

/** Removes the data and build folders of this run (the server has stopped by now or stops right after). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
  const build = process.env.E2E_BUILD_OUT;
  if (build && /[/\\]\.build[/\\]e2e-\d+$/.test(build)) rmSync(build, { recursive: true, force: true });
}
