// How npm test finds the tools it needs, and the one command it names when it cannot install them.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTool, installCommand, missingTools } from './test-tools.mjs';

const folder = mkdtempSync(join(tmpdir(), 'tools-'));
const tool = (name, mode = 0o755) => {
  writeFileSync(join(folder, name), '#!/bin/sh\n');
  chmodSync(join(folder, name), mode);
};

describe('test tools', () => {
  it('finds a tool on PATH or in its extra folders, and not a file that cannot run', () => {
    tool('fake-pdftotext');
    tool('not-runnable', 0o644);
    expect(hasTool({ command: 'fake-pdftotext' }, { PATH: folder })).toBe(true);
    expect(hasTool({ command: 'not-runnable' }, { PATH: folder })).toBe(false);
    expect(hasTool({ command: 'fake-pdftotext' }, { PATH: '/nowhere' })).toBe(false);
    expect(hasTool({ command: 'fake-pdftotext', extraPath: [folder] }, { PATH: '' })).toBe(true);
  });

  it('checks a tool with a fixed path there only', () => {
    tool('chromium');
    expect(hasTool({ command: 'chromium', path: join(folder, 'absent') }, { PATH: folder })).toBe(false);
  });

  it('names the packages of the missing tools in one command', () => {
    const tools = [
      { command: 'a-tool-that-is-not-there', package: 'pkg-a' },
      { command: 'fake-pdftotext', package: 'poppler-utils' },
      { command: 'also-not-there', package: 'pkg-b' },
    ];
    tool('fake-pdftotext');
    const missing = missingTools(tools, { PATH: folder });
    expect(missing.map((t) => t.package)).toEqual(['pkg-a', 'pkg-b']);
    expect(installCommand(missing)).toBe('sudo apt-get update && sudo apt-get install -y pkg-a pkg-b');
  });
});
