import { DEFAULT_SCRYPT_LOG_N, hashPassword, needsRehash, scryptCost, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a random salt and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('Demo2024!'), hashPassword('Demo2024!')]);
    const { N } = scryptCost();
    expect(a).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$`));
    expect(a).not.toBe(b);
    await expect(verifyPassword('Demo2024!', a)).resolves.toBe(true);
    await expect(verifyPassword('demo2024!', a)).resolves.toBe(false);
    await expect(verifyPassword('', a)).resolves.toBe(false);
  });

  it('refuses malformed or abusive stored hashes instead of throwing', async () => {
    const good = await hashPassword('x');
    const parts = good.split('$');
    await expect(verifyPassword('x', 'x')).resolves.toBe(false);
    await expect(verifyPassword('x', ['bcrypt', ...parts.slice(1)].join('$'))).resolves.toBe(false);
    await expect(verifyPassword('x', ['scrypt', 1 << 24, ...parts.slice(2)].join('$'))).resolves.toBe(false);
    await expect(verifyPassword('x', [...parts.slice(0, 5), 'AAAA'].join('$'))).resolves.toBe(false);
  });

  it('defaults to OWASP’s minimum, N=2^17, r=8, p=1, and production cannot lower it', () => {
    expect(DEFAULT_SCRYPT_LOG_N).toBe(17);
    expect(scryptCost({})).toEqual({ N: 131072, r: 8, p: 1 });
    expect(scryptCost({ NODE_ENV: 'production' })).toEqual({ N: 131072, r: 8, p: 1 });
    expect(scryptCost({ SCRYPT_LOG_N: '14', NODE_ENV: 'test' })).toEqual({ N: 16384, r: 8, p: 1 });
    expect(() => scryptCost({ SCRYPT_LOG_N: '14', NODE_ENV: 'production' })).toThrow(
      'SCRYPT_LOG_N no puede ser menor que 17 en producción',
    );
    expect(() => scryptCost({ SCRYPT_LOG_N: 'Infinity' })).toThrow(
      'SCRYPT_LOG_N debe ser un entero entre 10 y 20',
    );
  });

  it('hashes weaker than the current cost are due for an upgrade', async () => {
    const weak = [
      'scrypt',
      1024,
      8,
      1,
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(32).toString('base64'),
    ];
    expect(needsRehash(weak.join('$'))).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });
});
