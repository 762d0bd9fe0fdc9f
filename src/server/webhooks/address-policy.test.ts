import { describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, type Resolver } from './address-policy';

const strict = { allowPrivate: false, allowHttp: false };
const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = table[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('webhook address policy', () => {
  it('allows public unicast addresses only', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '2002:7f00:1::1',
      // IPv4-compatible (::/96, deprecated), whatever the IPv4 part: ::127.0.0.1, ::10.0.0.1, ::8.8.8.8.
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::8.8.8.8',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses http unless allowed, and other schemes', async () => {
    const resolve = resolver({ 'hooks.example': ['93.184.216.34'] });
    expect(await checkTarget('http://hooks.example/in', strict, resolve)).toEqual({
      ok: false,
      reason: 'scheme',
    });
    expect((await checkTarget('http://hooks.example/in', { ...strict, allowHttp: true }, resolve)).ok).toBe(
      true,
    );
    expect(await checkTarget('ftp://hooks.example/', strict, resolve)).toEqual({
      ok: false,
      reason: 'scheme',
    });
  });

  it('refuses user info of any kind and backslashes, however the URL spells them', async () => {
    const resolve = resolver({ 'hooks.example': ['93.184.216.34'] });
    for (const url of [
      'https://:@8.8.8.8/',
      'https://@8.8.8.8/',
      'https://u@8.8.8.8/',
      'https://:p@8.8.8.8/',
      'https://u:p@hooks.example/',
      'https://8.8.8.8\t@hooks.example/',
      'https:8.8.8.8@hooks.example/',
      'https:///:@8.8.8.8/',
    ])
      expect(await checkTarget(url, strict, resolve), url).toEqual({ ok: false, reason: 'credentials' });
    for (const url of ['https://8.8.8.8\\@127.0.0.1/', 'https:\\\\8.8.8.8/', 'https://8.8.8.8/a\\b'])
      expect(await checkTarget(url, strict, resolve), url).toEqual({ ok: false, reason: 'backslash' });
    // An @ after the host (path, query, fragment) is not user info.
    for (const url of ['https://8.8.8.8/@x', 'https://8.8.8.8?to=a@b', 'https://8.8.8.8#@x'])
      expect((await checkTarget(url, strict, resolve)).ok, url).toBe(true);
  });

  it('answers the URL as the parser normalised it', async () => {
    const resolve = resolver({ 'hooks.example': ['93.184.216.34'] });
    const check = await checkTarget(' HTTPS://Hooks.Example:443/a/./b/../in ', strict, resolve);
    expect(check.ok && check.url.href).toBe('https://hooks.example/a/in');
  });

  it('refuses a name with any private address, and private literals, unless private targets are allowed', async () => {
    const resolve = resolver({ mixed: ['93.184.216.34', '10.0.0.5'], inside: ['192.168.0.2'] });
    for (const url of [
      'https://mixed/',
      'https://inside/',
      'https://127.0.0.1/',
      'https://[::1]:8443/x',
      'https://[::127.0.0.1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://2130706433/',
    ])
      expect(await checkTarget(url, strict, resolve), url).toEqual({ ok: false, reason: 'private_address' });
    const allowed = await checkTarget('https://[::1]:8443/x', { ...strict, allowPrivate: true }, resolve);
    expect(allowed.ok && allowed.address).toEqual({ address: '::1', family: 6 });
    expect(await checkTarget('https://nowhere/', strict, resolve)).toEqual({
      ok: false,
      reason: 'unresolvable',
    });
  });
});
