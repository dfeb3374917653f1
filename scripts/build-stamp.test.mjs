// The build-skip decision of `npm start`: unchanged inputs with outputs present skip, anything else builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDecision, hashInputs, inputFiles } from './build-stamp.mjs';

describe('build decision', () => {
  it('skips when the stamp holds the inputs’ hash and the outputs exist, builds otherwise', () => {
    expect(buildDecision({ stamp: 'abc\n', hash: 'abc', outputsPresent: true })).toEqual({
      build: false,
      reason: 'inputs unchanged',
    });
    expect(buildDecision({ stamp: 'abc', hash: 'abd', outputsPresent: true })).toMatchObject({
      build: true,
      reason: 'inputs changed',
    });
    expect(buildDecision({ stamp: undefined, hash: 'abc', outputsPresent: true }).build).toBe(true);
    expect(buildDecision({ stamp: 'abc', hash: 'abc', outputsPresent: false })).toMatchObject({
      build: true,
      reason: 'outputs missing',
    });
  });
});

describe('input hash', () => {
  const root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src/lib'), { recursive: true });
  writeFileSync(join(root, 'src/a.ts'), 'a');
  writeFileSync(join(root, 'src/lib/b.ts'), 'b');
  writeFileSync(join(root, 'index.html'), '<html>');
  const inputs = ['src', 'index.html', 'missing.json'];

  it('changes with a file’s content, a new file or a rename, and not with a test file', () => {
    const first = hashInputs(root, inputs);
    expect(hashInputs(root, inputs)).toBe(first);
    expect(inputFiles(root, inputs)).toEqual(['index.html', 'src/a.ts', 'src/lib/b.ts']);

    writeFileSync(join(root, 'src/a.test.ts'), 'test');
    expect(hashInputs(root, inputs)).toBe(first);

    writeFileSync(join(root, 'src/a.ts'), 'a2');
    const edited = hashInputs(root, inputs);
    expect(edited).not.toBe(first);

    writeFileSync(join(root, 'src/c.ts'), '');
    expect(hashInputs(root, inputs)).not.toBe(edited);
    rmSync(join(root, 'src/c.ts'));
    expect(hashInputs(root, inputs)).toBe(edited);

    rmSync(join(root, 'src/lib/b.ts'));
    writeFileSync(join(root, 'src/lib/b2.ts'), 'b');
    expect(hashInputs(root, inputs)).not.toBe(edited);
  });
});
