import type { Db } from '../db/database';

/** Records a sign-in attempt as failed (before its password is checked) and answers its id. */
export async function insertFailedAttempt(
  db: Db,
  attempt: { nameKey: string; ipKey: string; deviceKey: string | null; createdAt: string },
): Promise<number> {
  const { id } = await db
    .insertInto('sign_in_attempts')
    .values({
      name_key: attempt.nameKey,
      ip_key: attempt.ipKey,
      device_key: attempt.deviceKey,
      failed: 1,
      created_at: attempt.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Forgets the attempts older than `before`: no limit looks back further. */
export async function deleteAttemptsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('created_at', '<', before).execute();
}

/**
 * The attempts on one user name since `since` from one kind of source: a known device (`deviceKey`, its own
 * failures only) or strangers (`deviceKey` null, every attempt without a valid device cookie). Answers how
 * many failed, when the latest failure other than `attemptId` was, and how many failed since `pairSince` from
 * the source itself (that device, or the stranger's address `ipKey`).
 */
export async function nameAttempts(
  db: Db,
  query: {
    nameKey: string;
    deviceKey: string | null;
    attemptId: number;
    since: string;
    ipKey: string;
    pairSince: string;
  },
): Promise<{ failures: number; lastFailure: string | null; pair: number }> {
  const { deviceKey } = query;
  const row = await db
    .selectFrom('sign_in_attempts')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('failed', '=', 1).then(1).else(0).end())
        .as('failures'),
      eb.fn
        .max<string | null>(
          eb
            .case()
            .when(eb.and([eb('failed', '=', 1), eb('id', '!=', query.attemptId)]))
            .then(eb.ref('created_at'))
            .end(),
        )
        .as('lastFailure'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('failed', '=', 1),
                eb('created_at', '>', query.pairSince),
                ...(deviceKey === null ? [eb('ip_key', '=', query.ipKey)] : []),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('pair'),
    ])
    .where('name_key', '=', query.nameKey)
    .where('created_at', '>', query.since)
    .where((eb) => (deviceKey === null ? eb('device_key', 'is', null) : eb('device_key', '=', deviceKey)))
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), lastFailure: row.lastFailure, pair: Number(row.pair) };
}

/** How many attempts from one client address, without a valid device cookie, failed since `since`. */
export async function addressFailures(db: Db, ipKey: string, since: string): Promise<number> {
  const { failures } = await db
    .selectFrom('sign_in_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('failures'))
    .where('ip_key', '=', ipKey)
    .where('created_at', '>', since)
    .where('failed', '=', 1)
    .where('device_key', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(failures);
}

/** Marks an attempt as no failure. */
export async function markAttemptNotFailed(db: Db, id: number): Promise<void> {
  await db.updateTable('sign_in_attempts').set({ failed: 0 }).where('id', '=', id).execute();
}
