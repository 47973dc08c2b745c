import type { FastifyInstance } from 'fastify';

import type { Db } from '../src/db/database';
import { CLIENTE, FINCAS, login } from './testApp';

/** A customer's contracts with their CUPS, by code: what the measurement suites pick their contracts from. */
export function contractsOf(db: Db, username: string) {
  return db
    .selectFrom('contracts')
    .innerJoin('accounts', 'accounts.holder_id', 'contracts.holder_id')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select([
      'contracts.id',
      'contracts.code',
      'supply_points.cups',
      'contracts.line',
      'contracts.tariff',
      'contracts.start_date',
      'contracts.end_date',
      'contracts.state',
    ])
    .where('accounts.username', '=', username)
    .orderBy('contracts.code')
    .execute();
}

export type TestContract = Awaited<ReturnType<typeof contractsOf>>[number];

/** Access tokens of the demo customers (demo, demo2) and of the demo administrator (admin), by those names. */
export async function customerTokens(app: FastifyInstance): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const username of ['demo', 'demo2']) {
    tokens[username] = (await login(app, CLIENTE, username, 'Demo2024!')).json().access_token;
  }
  tokens.admin = (await login(app, FINCAS, 'admin@fincas.example', 'Fincas2024!')).json().access_token;
  return tokens;
}
