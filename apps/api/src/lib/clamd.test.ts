import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EICAR, EICAR_SIGNATURE, startClamd, type TestClamd } from '../testing/clamd.js';
import { createClamdScanner, ScannerUnavailable } from './clamd.js';

describe('the clamd INSTREAM client against a real clamd', () => {
  let clamd: TestClamd;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 60_000);
  afterAll(async () => clamd?.close());

  it('finds EICAR and passes other bytes, also across several chunks', async () => {
    const scanner = createClamdScanner({ url: clamd.url });
    expect(await scanner.scan(EICAR)).toEqual({ clean: false, signature: EICAR_SIGNATURE });
    expect(await scanner.scan(Buffer.alloc(200_000, 7))).toEqual({ clean: true });
  });

  it('says the scanner is unavailable when nothing listens', async () => {
    await clamd.stop();
    const scanner = createClamdScanner({ url: clamd.url, timeoutMs: 2000 });
    await expect(scanner.scan(EICAR)).rejects.toBeInstanceOf(ScannerUnavailable);
    await clamd.start();
    expect(await scanner.scan(Buffer.from('hello'))).toEqual({ clean: true });
  }, 60_000);
});
