import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError, installGlobalErrorHandlers, reportError } from './error-handler';

afterEach(() => vi.restoreAllMocks());

describe('reportError', () => {
  it('writes one report to the console and returns it', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const report = reportError(new TypeError('boom'), 'router');
    expect(report).toMatchObject({ source: 'router', name: 'TypeError', message: 'boom', path: '' });
    expect(console).toHaveBeenCalledOnce();
    expect(String(console.mock.calls[0]?.[0])).toBe('[portal] router: TypeError: boom');
  });

  it('describes values that are not errors', () => {
    expect(describeError('text')).toMatchObject({ name: 'NonError', message: 'text' });
    expect(describeError({ a: 1 })).toMatchObject({ message: '{"a":1}' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeError(circular).message).toBe('[object Object]');
  });

  it('never throws, even when the console does', () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => {
      throw new Error('console gone');
    });
    expect(() => reportError(new Error('x'), 'window')).not.toThrow();
  });
});

describe('installGlobalErrorHandlers', () => {
  it('reports window errors and unhandled rejections, and uninstalls', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const target = new EventTarget() as unknown as Window;
    const uninstall = installGlobalErrorHandlers(target);
    const error = Object.assign(new Event('error'), {
      error: new Error('from window'),
      message: 'from window',
    });
    target.dispatchEvent(error);
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('from promise') });
    target.dispatchEvent(rejection);
    expect(console.mock.calls.map((c) => String(c[0]))).toEqual([
      '[portal] window: Error: from window',
      '[portal] unhandled-rejection: Error: from promise',
    ]);
    uninstall();
    target.dispatchEvent(error);
    expect(console).toHaveBeenCalledTimes(2);
  });
});
