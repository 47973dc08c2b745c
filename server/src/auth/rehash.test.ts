import { randomBytes, scryptSync } from 'node:crypto';

import { CLIENTE, createTestApp, login, type TestApp } from '../../test/testApp';
import { scryptCost } from './passwords';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A hash in the stored format at a cost below today's, as accounts created before the upgrade hold. */
function oldHash(password: string, N: number) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

const hashOf = async (username: string) =>
  (
    await t.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('password hash upgrade', () => {
  it('seeds demo accounts at the current cost', async () => {
    expect(await hashOf('demo')).toMatch(new RegExp(`^scrypt\\$${scryptCost().N}\\$8\\$1\\$`));
  });

  it('replaces an older hash at the next successful sign-in, and only then', async () => {
    const stored = oldHash('Demo2024!', 1024);
    await t.db
      .updateTable('accounts')
      .set({ password_hash: stored })
      .where('username', '=', 'demo2')
      .execute();

    expect((await login(t.app, CLIENTE, 'demo2', 'wrong-password')).statusCode).toBe(400);
    expect(await hashOf('demo2')).toBe(stored);

    expect((await login(t.app, CLIENTE, 'demo2', 'Demo2024!')).statusCode).toBe(200);
    const upgraded = await hashOf('demo2');
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${scryptCost().N}\\$8\\$1\\$`));
    expect((await login(t.app, CLIENTE, 'demo2', 'Demo2024!')).statusCode).toBe(200);
    expect(await hashOf('demo2')).toBe(upgraded);
  });
});
