// The terminal form of the server's pino lines.
import { describe, expect, it } from 'vitest';
import { formatLine } from './log-format.mjs';

describe('log format', () => {
  it('shows time, level, message and the other fields, an error’s stack below, other lines unchanged', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'portal ready',
    });
    expect(formatLine(line)).toBe('03:04:05 INFO  portal ready reqId=req-1');
    const failed = JSON.stringify({
      level: 50,
      time,
      msg: 'job failed',
      jobId: 7,
      err: { stack: 'Error: x\n    at y' },
    });
    expect(formatLine(failed)).toBe('03:04:05 ERROR job failed jobId=7\n  Error: x\n      at y');
    expect(formatLine('oidc-provider WARNING: text')).toBe('oidc-provider WARNING: text');
    expect(formatLine('{"not":"pino"}')).toBe('{"not":"pino"}');
  });
});
