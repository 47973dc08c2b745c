import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a random salt and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('Demo2024!'), hashPassword('Demo2024!')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
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
});
