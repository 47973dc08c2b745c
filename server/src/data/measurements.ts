import type { Selectable } from 'kysely';

import { recentMeasurements } from '../caches';
import type { Db } from '../db/database';
import type { Account, MeasurementProfilesTable } from '../db/schema';
import { addDays, addMonths, type DateRange } from '../measurements/dates';
import {
  type HourlyMeasurement,
  type LoadProfile,
  measurementsInSlices,
  profileKey,
} from '../measurements/loadProfile';
import { serverToday } from '../clock';
import { findVisibleContract, type VisibleContract } from './scope';

/**
 * Measurements stay available from the first day of the month three years ago (the first month the demo
 * bills), up to yesterday (today's hours are not closed yet).
 */
export const HISTORY_YEARS = 3;

/** The metered part of a range: within the contract's life and the history, up to yesterday; null if none. */
export function meteredRange(
  contract: Pick<VisibleContract, 'start_date' | 'end_date'>,
  range: DateRange,
  today = serverToday(),
): DateRange | null {
  const yesterday = addDays(today, -1);
  const historyStart = addMonths(`${today.slice(0, 8)}01`, -12 * HISTORY_YEARS);
  const from = [range.from, contract.start_date, historyStart].sort().at(-1)!;
  const to = [range.to, contract.end_date ?? yesterday, yesterday].sort()[0];
  return from > to ? null : { from, to };
}

type ProfileRow = Selectable<MeasurementProfilesTable>;

const profileOfRow = (profile: ProfileRow): LoadProfile => ({
  kind: profile.kind,
  meanKw: profile.mean_kw,
  solarKw: profile.solar_kw,
  seed: Number(profile.seed),
  stepFrom: profile.step_from ?? null,
  stepFactor: profile.step_factor ?? null,
});

/** The stored metering profile of a contract, from which the model computes its hours; none for gas. */
export async function profileOf(db: Db, contractId: number): Promise<LoadProfile | undefined> {
  const profile = await db
    .selectFrom('measurement_profiles')
    .selectAll()
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  return profile && profileOfRow(profile);
}

/** The profiles of many contracts in one query per thousand (a billing run's notices); gas has none. */
export async function profilesOf(db: Db, contractIds: readonly number[]): Promise<Map<number, LoadProfile>> {
  const profiles = new Map<number, LoadProfile>();
  for (let i = 0; i < contractIds.length; i += 1_000) {
    const rows = await db
      .selectFrom('measurement_profiles')
      .selectAll()
      .where('contract_id', 'in', contractIds.slice(i, i + 1_000))
      .execute();
    for (const row of rows) profiles.set(row.contract_id, profileOfRow(row));
  }
  return profiles;
}

/**
 * The hourly measurements of a visible contract within a range, limited to the contract's life and to the
 * metered history; outside them the answer is empty, not an error.
 */
export async function contractMeasurements(
  db: Db,
  contract: VisibleContract,
  range: DateRange,
  today = serverToday(),
  signal?: AbortSignal,
): Promise<HourlyMeasurement[]> {
  return measurementsOf(db, contract, range, { today, signal, cache: true });
}

/**
 * The whole hourly curve the server holds for a contract (its life within the metered history), not kept in the
 * cache of recent ranges: the data archive reads every supply once, which would only push out what screens ask.
 */
export const wholeCurve = (db: Db, contract: VisibleContract, today = serverToday()) =>
  measurementsOf(db, contract, { from: '0000-01-01', to: '9999-12-31' }, { today, cache: false });

async function measurementsOf(
  db: Db,
  contract: VisibleContract,
  range: DateRange,
  { today, signal, cache }: { today: string; signal?: AbortSignal; cache: boolean },
): Promise<HourlyMeasurement[]> {
  const profile = await profileOf(db, contract.id);
  const metered = meteredRange(contract, range, today);
  if (!profile || !metered) return [];
  const { from, to } = metered;
  const key = `${profileKey(profile)}|${from}|${to}`;
  // Recently asked ranges come from caches.ts: keyed by the profile's values, so a changed profile misses.
  const cached = recentMeasurements.get(key);
  if (cached) return cached;
  const hours = await measurementsInSlices(profile, from, to, signal);
  if (cache) recentMeasurements.set(key, hours);
  return hours;
}

/** The contract of the query, or null unless visible to the caller and matching the CUPS and line sent. */
export async function findMeasuredContract(
  db: Db,
  account: Account,
  query: { contractCode: string; cups?: string; line?: string },
): Promise<VisibleContract | null> {
  const contract = await findVisibleContract(db, account, query.contractCode);
  if (!contract) return null;
  const cupsMatches = !query.cups || query.cups.trim().toUpperCase() === contract.cups.toUpperCase();
  const lineMatches = !query.line || query.line.toLowerCase() === contract.line.toLowerCase();
  return cupsMatches && lineMatches ? contract : null;
}

/** The caller's contract named by the query and its hourly measurements within the range; null: no such contract. */
export async function measuredHours(
  db: Db,
  account: Account,
  query: { contractCode: string; cups?: string; line?: string },
  range: DateRange,
  /** Aborts the computation when the client goes away (routes/heavyCalls.ts clientGoneSignal). */
  signal?: AbortSignal,
) {
  const contract = await findMeasuredContract(db, account, query);
  if (!contract) return null;
  return { contract, hours: await contractMeasurements(db, contract, range, undefined, signal) };
}
