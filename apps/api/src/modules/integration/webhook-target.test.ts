import { describe, expect, it } from 'vitest';
import { publicAddress, resolveTarget, TargetRefused, type Resolve } from './webhook-target.js';

const dns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };

const refused = async (url: string, resolve: Resolve = dns({})) => {
  const err = await resolveTarget(url, 'public_https', resolve).catch((e: unknown) => e);
  expect(err, url).toBeInstanceOf(TargetRefused);
  return (err as Error).message;
};

/** The SSRF guard of webhook addresses (decision 0059). */
describe('webhook target guard', () => {
  it('in production refuses http, private, loopback, link-local, unique-local, CGNAT and metadata addresses', async () => {
    expect(
      await refused('http://hooks.example.com/x', dns({ 'hooks.example.com': ['93.184.216.34'] })),
    ).toMatch(/https/);
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://224.0.0.1/',
      'https://[::1]/',
      'https://[fc00::1]/',
      'https://[fd00:ec2::254]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:10.0.0.1]/',
    ]) {
      expect(await refused(url), url).toMatch(/not a public address/);
    }
  });

  it('checks every address a name resolves to, and refuses a name that does not resolve', async () => {
    const resolve = dns({
      'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
      'local.example.com': ['127.0.0.1'],
      'v6.example.com': ['2606:2800:220:1::1', 'fd12::1'],
    });
    expect(await refused('https://mixed.example.com/hook', resolve)).toMatch(/10\.0\.0\.5/);
    expect(await refused('https://local.example.com/hook', resolve)).toMatch(/127\.0\.0\.1/);
    expect(await refused('https://v6.example.com/hook', resolve)).toMatch(/fd12::1/);
    expect(await refused('https://nowhere.example.com/hook', resolve)).toMatch(/does not resolve/);
    expect(await refused('https://user:pw@public.example.com/')).toMatch(/password/);
  });

  it('in production accepts a public https host, and connects to the address it checked', async () => {
    const target = await resolveTarget(
      'https://hooks.example.com/portal',
      'public_https',
      dns({ 'hooks.example.com': ['93.184.216.34'] }),
    );
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(publicAddress('2606:2800:220:1::1')).toBe(true);
    expect(publicAddress('8.8.8.8')).toBe(true);
  });

  it('in development allows plain http to localhost and 127.0.0.1', async () => {
    const local = dns({ localhost: ['127.0.0.1'] });
    await expect(resolveTarget('http://localhost:4000/hook', 'any', local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveTarget('http://127.0.0.1:4000/hook', 'any', local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveTarget('ftp://localhost/', 'any', local)).rejects.toBeInstanceOf(TargetRefused);
  });
});
