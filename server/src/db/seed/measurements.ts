import type { Db } from '../database';
import type { MeasurementProfilesTable } from '../schema';
import { type ProfileKind, seedFromCode } from '../../measurements/loadProfile';
import { serverToday } from '../../clock';

/**
 * Share of the contracted power drawn on average, by kind of consumer: a 4,6 kW home uses about 290 kWh a month,
 * a 30 kW shop about 4.400, a 300 kW factory about 77.000.
 */
const LOAD_FACTOR: Record<ProfileKind, number> = { residencial: 0.085, terciario: 0.2, industrial: 0.35 };
/** A community of owners' supplies (stair and garage lights, lifts, pumps) draw little of their power. */
export const COMMUNITY_LOAD_FACTOR = 0.07;

/** The demo customer's self-consumption installation (spec: surplus for one contract of user demo). */
export const SELF_CONSUMPTION = { username: 'demo', tariff: '2.0TD', solarKw: 2.2 } as const;

/**
 * The demo customer's supplies whose demand steps up from the first day of the month the data are seeded in, so
 * the first bill the clock brings (spec issue 26) shows the notices: the 2.1A home uses 40 % more than a year
 * before (Consumo inusual); the 6.1TD factory doubles its load, so its working hours pass the contracted power
 * (Potencia superada, and Consumo inusual too). Earlier months, and every seeded invoice, are as before.
 */
export const DEMO_STEPS = [
  { tariff: '2.1A', factor: 1.4 },
  { tariff: '6.1TD', factor: 2 },
] as const;

/** A CIF starting with H is a community of owners (comunidad de propietarios). */
export const isCommunity = (nif: string) => nif.startsWith('H');

/** 2.x tariffs are homes, 3.x shops and offices, 6.x industry. */
export function profileKindOf(tariff: string): ProfileKind {
  if (tariff.startsWith('6.')) return 'industrial';
  if (tariff.startsWith('3.')) return 'terciario';
  return 'residencial';
}

/** Contracts with their holder and their metering profile, if any: what both seeds read. */
export function contractsWithProfiles(db: Db) {
  return db
    .selectFrom('contracts')
    .innerJoin('holders', 'holders.id', 'contracts.holder_id')
    .leftJoin('measurement_profiles', 'measurement_profiles.contract_id', 'contracts.id');
}

/**
 * Gives every electricity contract without one a metering profile (so older databases gain it too); the
 * hourly values are then computed on request. One row per contract, inserted in one statement.
 */
export async function seedMeasurements(db: Db, today = serverToday()): Promise<number> {
  const contracts = await contractsWithProfiles(db)
    .select([
      'contracts.id',
      'contracts.code',
      'contracts.tariff',
      'contracts.power_p1',
      'contracts.holder_id',
      'holders.nif',
    ])
    .where('contracts.line', '=', 'Electricidad')
    .where('measurement_profiles.contract_id', 'is', null)
    .orderBy('contracts.id')
    .execute();
  if (!contracts.length) return 0;

  const selfConsumer = await db
    .selectFrom('accounts')
    .select('holder_id')
    .where('realm', '=', 'cliente')
    .where('username', '=', SELF_CONSUMPTION.username)
    .executeTakeFirst();
  const solarContract = contracts.find(
    (c) => c.holder_id === selfConsumer?.holder_id && c.tariff === SELF_CONSUMPTION.tariff,
  );
  // The demo customer (the self-consumer's account) holds the supplies that step up.
  const stepOf = (contract: (typeof contracts)[number]) =>
    contract.holder_id === selfConsumer?.holder_id
      ? DEMO_STEPS.find((step) => step.tariff === contract.tariff)
      : undefined;

  const rows: MeasurementProfilesTable[] = contracts.map((contract) => {
    const community = isCommunity(contract.nif);
    const kind = community ? 'terciario' : profileKindOf(contract.tariff);
    const power = contract.power_p1 ?? 5;
    const loadFactor = community ? COMMUNITY_LOAD_FACTOR : LOAD_FACTOR[kind];
    return {
      contract_id: contract.id,
      kind,
      mean_kw: Math.round(power * loadFactor * 1000) / 1000,
      solar_kw: contract === solarContract ? SELF_CONSUMPTION.solarKw : 0,
      seed: seedFromCode(contract.code),
      step_from: stepOf(contract) ? `${today.slice(0, 8)}01` : null,
      step_factor: stepOf(contract)?.factor ?? null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('measurement_profiles')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows.length;
}
