import { rmSync } from 'node:fs';

/** Removes the data folder of this run (the server has stopped by now or stops right after). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
}
