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
  /** The account bills are charged to; printed masked. Null for holders paying otherwise. */
  iban: Generated<string | null>;
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
  /** The signer's own document (spec 01 §3 identification); null for accounts made before it was kept. */
  document_type: string | null;
  document_number: string | null;
  owner_cif: string | null;
  role: Generated<string>;
  /** When the account last signed in and the sign-in before that (0020): the home's "Nueva" marks. */
  last_sign_in_at: Generated<string | null>;
  previous_sign_in_at: Generated<string | null>;
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
  /** The session the token was issued with (0008); null for tokens issued before sessions existed. */
  session_id: string | null;
}

export interface SessionsTable {
  id: string;
  account_id: number;
  created_at: string;
  ended_at: string | null;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  /** SHA-256 of realm and normalised user name. */
  name_key: string;
  /** SHA-256 of realm and client address. */
  ip_key: string;
  /** 1 until the attempt succeeds (so attempts still being checked count as failures), 0 after. */
  failed: number;
  created_at: string;
  /** SHA-256 of the nonce of the valid device cookie the attempt came with (0017); null for a stranger. */
  device_key: string | null;
}

export interface Database {
  holders: HoldersTable;
  administrators: AdministratorsTable;
  administrator_clients: AdministratorClientsTable;
  accounts: AccountsTable;
  supply_points: SupplyPointsTable;
  contracts: ContractsTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  invoices: InvoicesTable;
  issue_categories: IssueCategoriesTable;
  issue_subcategories: IssueSubcategoriesTable;
  issues: IssuesTable;
  tracking_counters: TrackingCountersTable;
  request_messages: RequestMessagesTable;
  request_events: RequestEventsTable;
  debug_logs: DebugLogsTable;
  account_tokens: AccountTokensTable;
  measurement_profiles: MeasurementProfilesTable;
  measurement_days: MeasurementDaysTable;
  mail_queue: MailQueueTable;
  invoice_counts: InvoiceCountsTable;
  invoice_amount_counts: InvoiceAmountCountsTable;
  server_settings: ServerSettingsTable;
  notification_preferences: NotificationPreferencesTable;
  notifications_sent: NotificationsSentTable;
  job_runs: JobRunsTable;
  pending_invoice_notices: PendingInvoiceNoticesTable;
  data_archives: DataArchivesTable;
  access_records: AccessRecordsTable;
  access_grants: AccessGrantsTable;
  access_grant_contracts: AccessGrantContractsTable;
}

/** A kind of customer e-mail an account switched off (0020); no row means on. */
export interface NotificationPreferencesTable {
  account_id: number;
  kind: string;
  enabled: number;
}

/** One customer e-mail queued per kind, recipient and subject (0020): what makes a second run queue nothing. */
export interface NotificationsSentTable {
  kind: string;
  account_id: number;
  /** What the message is about: contract and period, or request and its change. */
  subject_key: string;
  mail_id: number | null;
  created_at: string;
}

/** Settings every process on the database shares (migration 0017, db/startup.ts). */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

/**
 * Invoices per scope (administrator_id; 0 is every invoice), launch date, bucket of ids, line and kind, kept by
 * triggers (migration 0014, data/invoiceSearch/keptCounts.ts).
 */
export interface InvoiceCountsTable {
  administrator_id: number;
  launch_date: string;
  id_bucket: number;
  line: Line;
  kind: InvoiceKind;
  count: number;
}

/**
 * Invoices per administrator, line, amount band (`band` euros to the next, times `width`), launch date and kind,
 * kept by triggers (migration 0016, data/invoiceSearch/pricedSeek.ts).
 */
export interface InvoiceAmountCountsTable {
  administrator_id: number;
  line: Line;
  width: number;
  band: number;
  launch_date: string;
  kind: InvoiceKind;
  count: number;
}

export type Account = Selectable<AccountsTable>;

/** An e-mail to send; sent_at is set once it has left, attempts counts the failed tries. */
export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** JSON object of extra headers (0020), e.g. List-Unsubscribe; null for messages without any. */
  headers: Generated<string | null>;
}

export type IssueStatus = 'Nueva' | 'En curso' | 'Resuelta' | 'Cerrada';

export interface IssueCategoriesTable {
  id: Generated<number>;
  name: string;
}

export interface IssueSubcategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
}

export interface IssuesTable {
  id: Generated<number>;
  account_id: number;
  subject: string;
  description: string;
  category_id: number;
  subcategory_id: number;
  line: Line;
  cups: string;
  contract_code: string;
  holder_nif: string;
  email: string;
  telephone: string | null;
  status: IssueStatus;
  created_at: string;
  /** The last change of the request (its state or its handling); its opening date until then. */
  updated_at: string;
  /** A change of state the retailer has scheduled, and when it is due (0020); both null without one. */
  next_status: Generated<IssueStatus | null>;
  next_status_at: Generated<string | null>;
  /** REC-AAAA-NNNNNN or SOL-AAAA-NNNNNN (0021); null only for a request made before, until the start fills it. */
  tracking_code: Generated<string | null>;
  /** The instant of receipt (server clock, ISO) and the last day to answer ('YYYY-MM-DD', Europe/Madrid). */
  received_at: Generated<string | null>;
  deadline: Generated<string | null>;
  /** 1 once the customer asked to be attended by a person. */
  asked_for_person: Generated<number>;
}

export interface TrackingCountersTable {
  prefix: string;
  year: number;
  last: number;
}

export type RequestAuthorKind = 'customer' | 'staff';

export interface RequestMessagesTable {
  id: Generated<number>;
  issue_id: number;
  author_kind: RequestAuthorKind;
  staff_account_id: number | null;
  text: string;
  created_at: string;
}

export interface RequestEventsTable {
  id: Generated<number>;
  issue_id: number;
  from_status: IssueStatus | null;
  to_status: IssueStatus;
  actor_kind: RequestAuthorKind | 'system';
  staff_account_id: number | null;
  created_at: string;
}

export interface DebugLogsTable {
  id: Generated<number>;
  account_id: number | null;
  realm: Realm;
  event: string;
  /** JSON of numbers and booleans only: never personal data. */
  details: string | null;
  created_at: string;
}

export type AccountTokenPurpose = 'validation' | 'reset' | 'verify-email' | 'set-password';

export interface AccountTokensTable {
  id: Generated<number>;
  account_id: number;
  purpose: AccountTokenPurpose;
  /** SHA-256 (base64url) of the token; the token itself exists only in the e-mail. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type PeriodColumns = {
  [P in 1 | 2 | 3 | 4 | 5 | 6 as `p${P}_kwh`]: number;
} & {
  [P in 1 | 2 | 3 | 4 | 5 | 6 as `p${P}_max`]: number | null;
} & {
  [P in 1 | 2 | 3 | 4 | 5 | 6 as `p${P}_max_at`]: number | null;
};

/**
 * One metered day of a contract, with its hours (migration 0015): totals, and per tariff period its kWh,
 * its highest hour (null without hours in the period) and when that hour started (UTC milliseconds).
 */
export type MeasurementDaysTable = PeriodColumns & {
  contract_id: number;
  /** Local date 'YYYY-MM-DD' (Europe/Madrid). */
  date: string;
  /** The Monday of the date's ISO week, 'YYYY-MM-DD'. */
  week_start: string;
  first_start: number;
  last_start: number;
  hours: number;
  estimated: number;
  active: number;
  surplus: number;
  /** The day's hours in order: JSON arrays of kWh. */
  hour_active: string;
  hour_surplus: string;
  /** One digit per hour: its tariff period's number; 1 when estimated, else 0. */
  hour_periods: string;
  hour_estimated: string;
};

export interface MeasurementProfilesTable {
  contract_id: number;
  kind: 'residencial' | 'terciario' | 'industrial';
  /** Mean active power over a year, kW. */
  mean_kw: number;
  /** Peak kW of self-consumption solar panels; 0 without them. */
  solar_kw: number;
  seed: number;
  /** From this local date the supply draws step_factor times its usual power (0020); null for none. */
  step_from?: string | null;
  step_factor?: number | null;
}

/** F simple invoice, U unified invoice (several contracts of a holder), P proforma (one contract's part of a U). */
export type InvoiceKind = 'F' | 'U' | 'P';

export interface InvoicesTable {
  id: Generated<number>;
  holder_id: number;
  contract_id: number;
  line: Line;
  kind: InvoiceKind;
  serie: string;
  bill_number: string;
  /** NO normal, VA varios (no reading dates). */
  category: 'NO' | 'VA';
  launch_date: string;
  reading_from: string | null;
  reading_until: string | null;
  amount: number;
  currency: Generated<string>;
  serie_unica: string | null;
  numero_unica: string | null;
  can_download: number;
  has_proformas: number;
  tariff: string;
  consumption_kwh: number;
  consumption_p1: number | null;
  consumption_p2: number | null;
  consumption_p3: number | null;
  consumption_p4: number | null;
  consumption_p5: number | null;
  consumption_p6: number | null;
  power_read_p1: number | null;
  energy_amount: number;
  power_amount: number;
  tax_amount: number;
  rental_amount: number;
  vat_amount: number;
  /** JSON of measurements/billing.ts BillDetail; null for Varios and unified invoices and rows made before 0010. */
  detail: Generated<string | null>;
  /** Self-consumption surplus poured into the grid over the period, kWh; null without self-consumption. */
  surplus_kwh: Generated<number | null>;
  /** What the surplus takes off the energy term (simplified compensation), euros; 0 without surplus. */
  compensation_amount: Generated<number>;
  /** The invoice a rectifying invoice (series RE) corrects. */
  rectifies_invoice_id: Generated<number | null>;
}

/** One unit of a job's work, keyed by what it produces (migration 0020, server/src/jobs/). */
export interface JobRunsTable {
  job: string;
  unit: string;
  status: 'done' | 'failed';
  attempts: number;
  produced: number;
  last_error: string | null;
  next_try_at: string | null;
  finished_at: string;
}

/** An invoice whose notices are still to be queued (migration 0023, jobs/billing.ts). */
export interface PendingInvoiceNoticesTable {
  invoice_id: number;
}

/** "Descargar todos mis datos" prepared in the background (migration 0022). */
export interface DataArchivesTable {
  id: Generated<number>;
  account_id: number;
  status: 'preparing' | 'ready' | 'failed';
  file_name: string;
  bytes: number | null;
  token_hash: string | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

/** A read of a supply's data by someone other than its holder (migration 0022). */
export interface AccessRecordsTable {
  id: Generated<number>;
  holder_id: number;
  contract_id: number;
  cups: string;
  actor_kind: string;
  actor_initials: string;
  actor_document: string;
  data_kind: string;
  created_at: string;
}

/** A holder's permission for someone they trust to read some supplies (migration 0024). */
export interface AccessGrantsTable {
  id: Generated<number>;
  account_id: number;
  grantee_document: string;
  all_supplies: number;
  scope: 'consumo' | 'consumo_facturas';
  starts_on: string;
  ends_on: string;
  created_at: string;
  revoked_at: string | null;
  expired_at: string | null;
}

/** The supplies a permission covers (migration 0024). */
export interface AccessGrantContractsTable {
  grant_id: number;
  contract_id: number;
}
