import { type CompiledQuery, type Insertable, sql } from 'kysely';

import type { Realm } from '../auth/realm';
import { type Db, keepPreparedOnPostgres } from '../db/database';
import { readsOn } from '../db/readPlaces';
import type { Account, RefreshTokensTable } from '../db/schema';

/**
 * Writes a session row only while the account still has the password hash the caller verified, in one
 * statement, so a sign-in that checked the old password while a reset was being saved cannot outlive that
 * reset. Answers whether the session was opened.
 */
export async function openSession(
  db: Db,
  session: { id: string; accountId: number; verifiedPasswordHash: string; createdAt: string },
): Promise<boolean> {
  const opened = await db
    .insertInto('sessions')
    .columns(['id', 'account_id', 'created_at'])
    .expression(
      db
        .selectFrom('accounts')
        .select([
          sql.val(session.id).as('id'),
          'id as account_id',
          sql.val(session.createdAt).as('created_at'),
        ])
        .where('id', '=', session.accountId)
        .where('password_hash', '=', session.verifiedPasswordHash),
    )
    .executeTakeFirst();
  return Number(opened.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Stores a refresh token (by its hash; the caller hashes it). */
export async function insertRefreshToken(db: Db, values: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(values).execute();
}

/** A signed-in account, with the NIF of the holder or administrator it belongs to (the profile shows it). */
export type SessionAccount = Account & { owner_nif: string | null };

interface SessionClaims {
  accountId: number;
  realm: Realm;
  sessionId: string;
}

function sessionLookup(db: Db, claims: SessionClaims) {
  return (
    readsOn(db, 'main')
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .selectAll('accounts')
      // Subqueries by primary key, not joins: on a small table SQLite's planner scanned the administrators.
      .select((eb) =>
        eb.fn
          .coalesce(
            eb.selectFrom('holders').select('nif').whereRef('holders.id', '=', 'accounts.holder_id'),
            eb
              .selectFrom('administrators')
              .select('nif')
              .whereRef('administrators.id', '=', 'accounts.administrator_id'),
          )
          .as('owner_nif'),
      )
      .where('sessions.id', '=', unplanned(claims.sessionId, 'text'))
      .where('sessions.account_id', '=', unplanned(claims.accountId, 'integer'))
      .where('sessions.ended_at', 'is', null)
      .where('accounts.realm', '=', unplanned(claims.realm, 'text'))
      .where('accounts.validated', '=', unplanned(1, 'integer'))
  );
}

/**
 * A parameter the planner cannot look at. SQLite (built with STAT4, as better-sqlite3 is) plans a statement
 * again, on its next run, whenever a parameter compared with an indexed column is bound anew: the lookup's
 * plan was made again on every call, and the lookup took 40 µs instead of 9 (issue 30, "The cost of a cheap call"). Inside a CAST the
 * value is not read for planning, and the indexes are still used. The same value for PostgreSQL.
 */
const unplanned = <T extends string | number>(value: T, type: 'text' | 'integer') =>
  sql<T>`cast(${value} as ${sql.raw(type)})`;

/** The lookup's parameters, in the order its builder binds them (checked when it is compiled). */
const lookupParameters = (claims: SessionClaims) => [claims.sessionId, claims.accountId, claims.realm, 1];

/** The session lookup compiled once per database: building and compiling it cost as much as running it. */
const compiledLookups = new WeakMap<Db, CompiledQuery<SessionAccount>>();

function compiledLookup(db: Db): CompiledQuery<SessionAccount> {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    const sample: SessionClaims = { sessionId: 'sample', accountId: -1, realm: 'cliente' };
    compiled = sessionLookup(db, sample).compile();
    const expected = lookupParameters(sample);
    if (
      compiled.parameters.length !== expected.length ||
      compiled.parameters.some((value, i) => value !== expected[i])
    ) {
      throw new Error('findSessionAccount: los parámetros de la consulta han cambiado de orden');
    }
    keepPreparedOnPostgres(compiled.sql);
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

/**
 * The account of a live session: one lookup by the session's primary key, joined to its account, which must
 * be of this realm and validated, and to its owner for the NIF. Ended sessions, and sessions of another
 * account, find nothing. Every signed-in call makes it, so it is one statement, compiled once, and it stays
 * on SQLite's main connection (the compiled query keeps its declared place): a thread round trip would cost
 * more than the lookup (issue 30).
 */
export async function findSessionAccount(db: Db, claims: SessionClaims): Promise<SessionAccount | null> {
  const query: CompiledQuery<SessionAccount> = {
    ...compiledLookup(db),
    parameters: lookupParameters(claims),
  };
  const { rows } = await db.executeQuery(query);
  return rows[0] ?? null;
}

/**
 * Forgets the sessions opened before `before` (ended or not): the caller passes a time past which no token
 * of theirs can still be presented, so the rows are read by nothing.
 */
export async function deleteSessionsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sessions').where('created_at', '<', before).execute();
}

/** Ends one session (logout). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: new Date().toISOString() })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Ends every session of an account and revokes its refresh tokens (a password set or changed). Pass the
 * transaction that changes the password, so both happen or neither does.
 */
export async function endAccountSessions(db: Db, accountId: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('account_id', '=', accountId)
    .where('ended_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes the live refresh token with this hash if it belongs to an account of the realm (and is the one
 * account's, when known), and answers the session it was issued with; nothing for unknown tokens.
 */
export async function revokeRefreshTokenHash(
  db: Db,
  tokenHash: string,
  scope: { realm: Realm; accountId?: number },
): Promise<string | null | undefined> {
  let accounts = db.selectFrom('accounts').select('id').where('realm', '=', scope.realm);
  if (scope.accountId !== undefined) accounts = accounts.where('id', '=', scope.accountId);
  const row = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('account_id', 'in', accounts)
    .returning('session_id')
    .executeTakeFirst();
  return row?.session_id;
}
