import { CLIENTE, createTestApp, type TestApp } from '../../test/testApp';
import { STALE_PURGE_INTERVAL_MS, stalePurge } from './stalePurge';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;
const ago = (ms: number, now = Date.now()) => new Date(now - ms).toISOString();

async function demoAccountId(): Promise<number> {
  const { id } = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('realm', '=', 'cliente')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  return id;
}

async function addSession(id: string, createdAt: string, endedAt: string | null) {
  await t.db
    .insertInto('sessions')
    .values({ id, account_id: await demoAccountId(), created_at: createdAt, ended_at: endedAt })
    .execute();
}

async function addAttempt(nameKey: string, createdAt: string) {
  await t.db
    .insertInto('sign_in_attempts')
    .values({ name_key: nameKey, ip_key: 'ip', failed: 1, created_at: createdAt })
    .execute();
}

const sessionIds = async () =>
  (await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
const attemptKeys = async () =>
  (await t.db.selectFrom('sign_in_attempts').select('name_key').execute()).map((row) => row.name_key);

const signIn = () =>
  t.app.inject({
    method: 'POST',
    url: `${CLIENTE}/privateToken`,
    payload: { username: 'demo', password: 'Demo2024!' },
  });

describe('stale sign-in rows', () => {
  it('are purged by a sign-in: sessions past every token lifetime and attempts past the longest limit window', async () => {
    // The test server's refresh tokens live 30 days, its access tokens an hour; the longest limit looks back an hour.
    expect(t.config.refreshTokenTtl).toBe(30 * 24 * 3600);
    await addSession('old-ended', ago(31 * DAY), ago(31 * DAY));
    await addSession('old-never-ended', ago(31 * DAY), null);
    await addSession('recent-ended', ago(29 * DAY), ago(29 * DAY));
    await addAttempt('old-attempt', ago(61 * 60_000));
    await addAttempt('recent-attempt', ago(59 * 60_000));

    expect((await signIn()).statusCode).toBe(200);

    const sessions = await sessionIds();
    expect(sessions).toEqual(expect.arrayContaining(['recent-ended']));
    expect(sessions).not.toEqual(expect.arrayContaining(['old-ended']));
    expect(sessions).not.toEqual(expect.arrayContaining(['old-never-ended']));
    // The sign-in's own session is there too.
    expect(sessions).toHaveLength(2);
    const attempts = await attemptKeys();
    expect(attempts).toContain('recent-attempt');
    expect(attempts).not.toContain('old-attempt');

    // At most once per interval: rows gone stale just after the purge wait for the next one.
    await addSession('stale-again', ago(31 * DAY), null);
    expect((await signIn()).statusCode).toBe(200);
    expect(await sessionIds()).toContain('stale-again');
  });

  it('runs at most once per interval in one process', async () => {
    const purge = stalePurge(t.db, t.config);
    const start = Date.now();
    await addSession('interval-stale', ago(31 * DAY, start), null);

    expect(await purge(start)).toBe(true);
    expect(await sessionIds()).not.toContain('interval-stale');

    await addSession('interval-stale-2', ago(31 * DAY, start), null);
    expect(await purge(start + STALE_PURGE_INTERVAL_MS - 1)).toBe(false);
    expect(await sessionIds()).toContain('interval-stale-2');

    expect(await purge(start + STALE_PURGE_INTERVAL_MS)).toBe(true);
    expect(await sessionIds()).not.toContain('interval-stale-2');
  });

  it('keeps a session while a longer access-token lifetime can still present it', async () => {
    const purge = stalePurge(t.db, { ...t.config, accessTokenTtl: 40 * 24 * 3600 });
    await addSession('long-access', ago(35 * DAY), null);
    await purge();
    expect(await sessionIds()).toContain('long-access');
  });
});
