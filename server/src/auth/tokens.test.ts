import { randomBytes } from 'node:crypto';

import { signAccessToken, verifyAccessToken } from './tokens';

const settings = { jwtSecret: new Uint8Array(randomBytes(32)), accessTokenTtl: 60 };

describe('access tokens', () => {
  it('carry the account and realm they were issued for', async () => {
    const token = await signAccessToken({ accountId: 7, realm: 'fincas', sessionId: 's1' }, settings);
    await expect(verifyAccessToken(token, 'fincas', settings.jwtSecret)).resolves.toEqual({
      accountId: 7,
      realm: 'fincas',
      sessionId: 's1',
    });
  });

  it('are refused in the other realm, after expiry and under another key', async () => {
    const token = await signAccessToken({ accountId: 7, realm: 'cliente', sessionId: 's1' }, settings);
    await expect(verifyAccessToken(token, 'fincas', settings.jwtSecret)).resolves.toBeNull();
    const old = await signAccessToken(
      { accountId: 7, realm: 'cliente', sessionId: 's1' },
      settings,
      1_000_000,
    );
    await expect(verifyAccessToken(old, 'cliente', settings.jwtSecret)).resolves.toBeNull();
    await expect(verifyAccessToken(token, 'cliente', new Uint8Array(randomBytes(32)))).resolves.toBeNull();
  });

  it('are refused from the second of their expiry on, also once accepted before', async () => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const token = await signAccessToken(
      { accountId: 7, realm: 'cliente', sessionId: 's1' },
      settings,
      issuedAt,
    );
    const accepted = { accountId: 7, realm: 'cliente', sessionId: 's1' };
    await expect(verifyAccessToken(token, 'cliente', settings.jwtSecret)).resolves.toEqual(accepted);
    jest.useFakeTimers({ now: (issuedAt + settings.accessTokenTtl) * 1000 - 1 });
    try {
      await expect(verifyAccessToken(token, 'cliente', settings.jwtSecret)).resolves.toEqual(accepted);
      await expect(verifyAccessToken(token, 'fincas', settings.jwtSecret)).resolves.toBeNull();
      jest.setSystemTime((issuedAt + settings.accessTokenTtl) * 1000);
      await expect(verifyAccessToken(token, 'cliente', settings.jwtSecret)).resolves.toBeNull();
    } finally {
      jest.useRealTimers();
    }
    await expect(verifyAccessToken(token, 'cliente', new Uint8Array(randomBytes(32)))).resolves.toBeNull();
  });

  it('refuses unsigned tokens (alg none)', async () => {
    const [, payload] = (
      await signAccessToken({ accountId: 7, realm: 'cliente', sessionId: 's1' }, settings)
    ).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(
      verifyAccessToken(`${header}.${payload}.`, 'cliente', settings.jwtSecret),
    ).resolves.toBeNull();
  });
});
