import { sql } from 'kysely';

import { type Db, isPostgres } from '../db/database';
import type { Account, Line } from '../db/schema';
import { serverToday } from '../clock';
import { tollOn } from '../measurements/tolls';
import { SUPPLY_POINT_COLUMNS, visibleContracts, visibleHolderIds } from './scope';

/** Contracts per page in each line's table (spec 01 §9). */
export const CONTRACTS_PAGE_SIZE = 10;

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A supply point of the CUPS list (spec 01 §3): its answer keys and the columns they come from, with
 * `accessFee: { fee }` after them. The one description both builders below read, so the whole list (made by
 * the database) and a page's points (made here) cannot drift apart.
 */
const SUPPLY_POINT_FIELDS = [
  ['cups', 'supply_points.cups'],
  ['codAbonado', 'contracts.code'],
  ['line', 'contracts.line'],
  ['domicilio', 'supply_points.street'],
  ['numDomicilio', 'supply_points.number'],
  ['ampExtension1', 'supply_points.extension'],
  ['ciudad', 'supply_points.city'],
  ['fechaAlta', 'contracts.start_date'],
  ['fechaBaja', 'contracts.end_date'],
] as const;

/** The name a selected column has in a result row: `supply_points.cups` -> `cups`. */
const rowKey = (column: string) => column.slice(column.indexOf('.') + 1);

export function supplyPointOf(row: Record<string, unknown>) {
  return {
    ...Object.fromEntries(SUPPLY_POINT_FIELDS.map(([key, column]) => [key, row[rowKey(column)]])),
    accessFee: { fee: row.access_fee },
  };
}

/**
 * The whole matching CUPS list as JSON text, built by the database: a customer with hundreds of contracts would
 * otherwise cost a JS object per row and field, and this list is most of the home's first answer.
 */
function supplyPointsJson(db: Db, matching: ReturnType<typeof visibleContracts>) {
  const fields = sql.join(
    SUPPLY_POINT_FIELDS.flatMap(([key, column]) => [sql.lit(key), sql.ref(column)]).concat(
      sql.lit('accessFee'),
    ),
  );
  const order = sql`order by ${sql.ref('contracts.line')}, ${sql.ref('contracts.code')}`;
  const list = isPostgres(db)
    ? sql<string>`coalesce(json_agg(json_build_object(${fields}, json_build_object('fee', ${sql.ref('contracts.access_fee')})) ${order}), '[]')::text`
    : sql<string>`json_group_array(json_object(${fields}, json_object('fee', ${sql.ref('contracts.access_fee')})) ${order})`;
  return matching.select(list.as('list'));
}

export interface ContractSearch {
  /** Part of a CUPS, in upper case; empty for any. */
  cups: string;
  /** Part of a contract code; empty for any. */
  contract: string;
  /** Row index of each line's page (0, 10, 20…). */
  starts: Record<Line, number>;
  /** Whether the whole matching CUPS list is wanted as well (the unpaged call). */
  wholeList: boolean;
}

/**
 * The account's contracts matching the search (anywhere in the CUPS, case ignored, or in the contract code):
 * the count per line, one page of each line's table and, when asked, the whole matching supply-point list as
 * JSON text. Counts and pages come from the database as such, so no call reads more rows than it answers.
 */
export async function searchContracts(db: Db, account: Account, search: ContractSearch) {
  let matching = visibleContracts(db, account);
  if (search.cups) {
    matching = matching.where(
      sql<boolean>`upper(supply_points.cups) like ${containsPattern(search.cups)} escape '\\'`,
    );
  }
  if (search.contract) {
    matching = matching.where(
      sql<boolean>`contracts.code like ${containsPattern(search.contract)} escape '\\'`,
    );
  }
  const contractColumns = matching.select([
    'contracts.code',
    'contracts.sicom_code',
    'contracts.line',
    'contracts.tariff',
    'contracts.access_fee',
    'contracts.start_date',
    'contracts.end_date',
    'contracts.state',
    ...SUPPLY_POINT_COLUMNS,
  ]);
  const pageOf = (line: Line) =>
    contractColumns
      .where('contracts.line', '=', line)
      .orderBy('contracts.code')
      .limit(CONTRACTS_PAGE_SIZE)
      .offset(search.starts[line])
      .execute();
  const [counts, electricity, gas, whole] = await Promise.all([
    matching
      .select(['contracts.line', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('contracts.line')
      .execute(),
    pageOf('Electricidad'),
    pageOf('Gas'),
    search.wholeList ? supplyPointsJson(db, matching).executeTakeFirst() : undefined,
  ]);
  const countOf = (line: Line) => Number(counts.find((c) => c.line === line)?.count ?? 0);
  // The tables show the toll in force on each contract's last day; the supply-point list keeps the access fee
  // as signed, which chooses spec 01's reading fields.
  const today = serverToday();
  const inForce = (rows: typeof electricity) =>
    rows.map((row) => ({ ...row, tariff: tollOn(row.tariff, row.end_date ?? today) }));
  return {
    Electricidad: { count: countOf('Electricidad'), page: inForce(electricity) },
    Gas: { count: countOf('Gas'), page: inForce(gas) },
    /** The whole list as JSON text, when asked for. */
    list: whole?.list,
  };
}

/**
 * The clients an administrator manages (its communities): name, CIF and how many supply points each has, by
 * name. Scoped like every query, so a customer gets only its own holder.
 */
export async function listCommunities(db: Db, account: Account) {
  const rows = await db
    .selectFrom('holders')
    .leftJoin('contracts', 'contracts.holder_id', 'holders.id')
    .select((eb) => [
      'holders.nif',
      'holders.name',
      'holders.first_surname',
      'holders.second_surname',
      eb.fn.count<number>('contracts.supply_point_id').distinct().as('supplies'),
    ])
    .where('holders.id', 'in', visibleHolderIds(db, account))
    .groupBy(['holders.id', 'holders.nif', 'holders.name', 'holders.first_surname', 'holders.second_surname'])
    .execute();
  // Sorted here, as Spanish sorts: the databases' own collations differ (binary on SQLite).
  return rows
    .map((row) => ({
      cif: row.nif,
      nombre: [row.name, row.first_surname, row.second_surname].filter(Boolean).join(' '),
      suministros: Number(row.supplies),
    }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.cif.localeCompare(b.cif));
}

/** Records a client-side event of the account (numbers and flags only); its id. */
export async function addDebugLog(
  db: Db,
  entry: {
    accountId: number;
    realm: Account['realm'];
    event: string;
    details?: Record<string, number | boolean>;
  },
) {
  const { id } = await db
    .insertInto('debug_logs')
    .values({
      account_id: entry.accountId,
      realm: entry.realm,
      event: entry.event,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
