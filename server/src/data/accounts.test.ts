import { createTestApp, type TestApp } from '../../test/testApp';
import { findAccountBy, replacePasswordHash, validateWithToken } from './accounts';
import { findLiveToken, issueAccountToken } from './accountTokens';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const demo = () => findAccountBy(t.db, 'cliente', 'username', 'demo');

describe('findAccountBy', () => {
  it('compares in lower case within one realm', async () => {
    const account = await demo();
    expect(account?.username).toBe('demo');
    await t.db.updateTable('accounts').set({ username: 'DeMo' }).where('id', '=', account!.id).execute();
    try {
      expect((await demo())?.id).toBe(account!.id);
      expect(await findAccountBy(t.db, 'fincas', 'username', 'demo')).toBeUndefined();
      expect((await findAccountBy(t.db, 'cliente', 'email', account!.email.toLowerCase()))?.id).toBe(
        account!.id,
      );
    } finally {
      await t.db.updateTable('accounts').set({ username: 'demo' }).where('id', '=', account!.id).execute();
    }
  });
});

describe('replacePasswordHash', () => {
  it('replaces the hash only while it is still the one the caller read', async () => {
    const { id, password_hash: original } = (await demo())!;
    expect(await replacePasswordHash(t.db, id, 'not-the-current-hash', 'other')).toBe(false);
    expect((await demo())!.password_hash).toBe(original);
    expect(await replacePasswordHash(t.db, id, original, 'replaced')).toBe(true);
    expect((await demo())!.password_hash).toBe('replaced');
    expect(await replacePasswordHash(t.db, id, 'replaced', original)).toBe(true);
  });
});

describe('validateWithToken', () => {
  it('spends the token, validates the account and answers its names, once', async () => {
    const account = (await demo())!;
    await t.db.updateTable('accounts').set({ validated: 0 }).where('id', '=', account.id).execute();
    const token = await issueAccountToken(t.db, account.id, 'validation');
    const live = (await findLiveToken(t.db, token, 'cliente', ['validation']))!;
    expect(await validateWithToken(t.db, live)).toEqual({
      given_name: account.given_name,
      last_name: account.last_name,
    });
    expect((await demo())!.validated).toBe(1);
    // A second request with the same token (a race) finds it spent.
    expect(await validateWithToken(t.db, live)).toBeNull();
  });
});
