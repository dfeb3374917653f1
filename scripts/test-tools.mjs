// The Debian tools the tests drive: the browser tests' Chromium, the PDF tests' pdftotext and the
// deployment tests' nginx, the upload tests' clamd. Missing ones are installed by npm test when it may, else named with the fix.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const TOOLS = [
  { command: 'chromium', path: '/usr/bin/chromium', package: 'chromium' },
  { command: 'pdftotext', package: 'poppler-utils' },
  { command: 'nginx', package: 'nginx', extraPath: ['/usr/sbin'] },
  { command: 'clamd', package: 'clamav-daemon', extraPath: ['/usr/sbin'] },
];

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Whether `tool` can be run: its fixed path, else a folder of PATH (and the folders root alone has). */
export function hasTool(tool, env = process.env) {
  if (tool.path) return executable(tool.path);
  const folders = [...(env.PATH ?? '').split(delimiter), ...(tool.extraPath ?? [])].filter(Boolean);
  return folders.some((folder) => executable(join(folder, tool.command)));
}

export const missingTools = (tools = TOOLS, env = process.env) => tools.filter((t) => !hasTool(t, env));

export const installCommand = (missing) =>
  `sudo apt-get update && sudo apt-get install -y ${missing.map((t) => t.package).join(' ')}`;
