import type { Generated, Selectable } from 'kysely';

import type { Realm } from '../auth/realm';

// Portable types: booleans are integers 0/1, dates are 'YYYY-MM-DD' text and timestamps ISO-8601 text, so
// the same rows read the same on SQLite and PostgreSQL.

export type Line = 'Electricidad' | 'Gas';
export type ContractState = 'Contrato' | 'Baja' | 'En tramitación';

export interface HoldersTable {
  id: Generated<number>;
  nif: string;
  name: string;
  first_surname: string | null;
  second_surname: string | null;
  email: string | null;
  phone: string | null;
  is_company: number;
}

export interface AdministratorsTable {
  id: Generated<number>;
  nif: string;
  email: string;
  name: string;
}

export interface AdministratorClientsTable {
  administrator_id: number;
  holder_id: number;
}

export interface AccountsTable {
  id: Generated<number>;
  realm: Realm;
  username: string;
  email: string;
  password_hash: string;
  holder_id: number | null;
  administrator_id: number | null;
  telephone: string | null;
  given_name: string;
  family_name: string;
  last_name: string;
  validated: number;
  created_at: string;
}

export interface SupplyPointsTable {
  id: Generated<number>;
  cups: string;
  line: Line;
  street: string;
  number: string;
  extension: string | null;
  postal_code: string;
  city: string;
  province: string;
}

export interface ContractsTable {
  id: Generated<number>;
  code: string;
  sicom_code: string;
  holder_id: number;
  supply_point_id: number;
  line: Line;
  tariff: string;
  access_fee: string;
  start_date: string;
  end_date: string | null;
  state: ContractState;
  power_p1: number | null;
  power_p2: number | null;
  power_p3: number | null;
  power_p4: number | null;
  power_p5: number | null;
  power_p6: number | null;
  caudal: number | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface Database {
  holders: HoldersTable;
  administrators: AdministratorsTable;
  administrator_clients: AdministratorClientsTable;
  accounts: AccountsTable;
  supply_points: SupplyPointsTable;
  contracts: ContractsTable;
  refresh_tokens: RefreshTokensTable;
}

export type Account = Selectable<AccountsTable>;
