import { billedPeriodFigures, type SharedFigures } from '../data/explorer';
import { storedDayRuns } from '../data/measurementDays';
import { profilesOf } from '../data/measurements';
import {
  type AnnouncedInvoice,
  billedElectricity,
  changeRequestStatus,
  claimNotifications,
  dueRequestChanges,
  invoicesToAnnounce,
  managedHolders,
  type NotificationKind,
  type NotificationPreferences,
  readPreferences,
  type Recipient,
  recipientsOfHolders,
  recordNotificationMail,
  requestFacts,
  requestOwner,
  type StateActor,
  validatedAccount,
} from '../data/notifications';
import {
  grantHolderAccount,
  granteeAccount,
  grantorOf,
  markGrantExpired,
  unannouncedExpiredGrants,
} from '../data/grants';
import { maskedDocument } from '../data/accessRecords';
import { addRequestMessage, findIssue, type RequestWrite } from '../data/issues';
import type { Db } from '../db/database';
import { RECEIPT_NOTE, receiptFactsOf, receiptFields } from '../documents/requestReceipt';
import type { IssueStatus } from '../db/schema';
import { type OutgoingMail } from '../mail/mailer';
import { composeMail, type Paragraph } from '../mail/messages';
import { enqueueMail } from '../mail/queue';
import { dueDateOf, daysBetween } from '../measurements/billing';
import { breather } from '../eventLoop';
import { addMonths, type DateRange } from '../measurements/dates';
import { listDate } from '../documents/format';
import type { LoadProfile } from '../measurements/loadProfile';
import { HOUR_MS, madridClock, madridDateAt, madridToday } from '../measurements/madridTime';
import {
  GREETING,
  type InvoiceFacts,
  invoiceLines,
  NEW_INVOICE,
  NEW_INVOICES_DIGEST,
  POWER_EXCEEDED,
  PREFERENCES_NOTE,
  REQUEST_RECEIPT,
  REQUEST_UPDATED,
  SIGN_OFF,
  UNSUBSCRIBE_LINK,
  UNUSUAL_CONSUMPTION,
  DATA_ARCHIVE_READY,
  PERMISSION_MAILS,
  type PermissionFacts,
} from './notificationMessages';
import { type Branding, brandingOf, type NotificationSettings, settingsOf } from './settings';
import { isUnusualConsumption } from './thresholds';
import { UNSUBSCRIBE_TTL_MS, unsubscribeToken } from './unsubscribe';

export { configureNotifications } from './settings';

/** Where the one-click unsubscribe link points (routes/notifications.ts), outside both realms. */
export const UNSUBSCRIBE_PATH = '/avisos/baja';

interface Run {
  db: Db;
  settings: NotificationSettings;
  branding: Branding;
  now: Date;
  preferences: (recipient: Recipient) => Promise<NotificationPreferences>;
  /** The model's days computed in this run, shared by contracts of one load profile. */
  modelDays: SharedFigures['modelDays'];
}

async function startRun(db: Db, now: Date): Promise<Run> {
  const settings = settingsOf(db);
  const cache = new Map<number, Promise<NotificationPreferences>>();
  return {
    db,
    settings,
    branding: await brandingOf(settings),
    now,
    modelDays: new Map(),
    preferences: (recipient) => {
      let preferences = cache.get(recipient.id);
      if (!preferences) {
        preferences = readPreferences(db, recipient.id);
        cache.set(recipient.id, preferences);
      }
      return preferences;
    },
  };
}

const link = (run: Run, path: string) => `${run.settings.publicUrl}${path}`;

/** A notice's paragraphs framed: greeting first; the kind's unsubscribe link, the preferences and the company last. */
function notice(
  run: Run,
  recipient: Recipient,
  kind: NotificationKind,
  subject: string,
  paragraphs: Paragraph[],
): OutgoingMail {
  const token = unsubscribeToken(run.settings.secret, {
    kind,
    accountId: recipient.id,
    expiresAt: run.now.getTime() + UNSUBSCRIBE_TTL_MS,
  });
  const unsubscribe = `${link(run, UNSUBSCRIBE_PATH)}?token=${token}`;
  return composeMail(recipient.email, subject, [GREETING(recipient.givenName), ...paragraphs], {
    company: { name: run.branding.name, logoUrl: run.branding.logoUrl },
    closing: [
      { label: UNSUBSCRIBE_LINK(kind), href: unsubscribe },
      { label: PREFERENCES_NOTE, href: link(run, '/admin') },
      SIGN_OFF(run.branding.name),
    ],
    // RFC 8058: a mail program may offer its own button, which POSTs List-Unsubscribe=One-Click to the link.
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/**
 * Queues the message unless one of this kind about this subject already went to the account (one transaction:
 * the mark and the message are stored together or not at all). The queue's own clock decides when it leaves.
 */
async function queueOnce(
  run: Run,
  recipient: Recipient,
  kind: NotificationKind,
  subjectKeys: string[],
  /** The message about the subjects not announced before. */
  mail: (fresh: string[]) => OutgoingMail,
): Promise<number> {
  return run.db.transaction().execute((trx) => claimAndQueue(trx, run, recipient, kind, subjectKeys, mail));
}

/** queueOnce's work inside the caller's transaction (no other query may run on the database meanwhile). */
async function claimAndQueue(
  trx: Db,
  run: Run,
  recipient: Recipient,
  kind: NotificationKind,
  subjectKeys: string[],
  mail: (fresh: string[]) => OutgoingMail,
): Promise<number> {
  const claimed = await claimNotifications(trx, {
    kind,
    accountId: recipient.id,
    subjectKeys,
    createdAt: run.now.toISOString(),
  });
  if (!claimed.length) return 0;
  const mailId = await enqueueMail(trx, mail(claimed));
  await recordNotificationMail(trx, { kind, accountId: recipient.id, subjectKeys: claimed }, mailId);
  return 1;
}

/** At most one notice per kind, contract and period (a Varios invoice, which has no period, by itself). */
const periodKey = (contractId: number, from: string | null, until: string | null, invoiceId: number) =>
  from && until ? `contrato:${contractId}|${from}|${until}` : `factura:${invoiceId}`;

const invoiceFacts = (invoice: AnnouncedInvoice): InvoiceFacts => ({
  contractCode: invoice.contract_code,
  cups: invoice.cups,
  supplies: invoice.kind === 'U' ? invoice.has_proformas : 1,
  line: invoice.line,
  from: invoice.reading_from,
  until: invoice.reading_until,
  amount: invoice.amount,
  chargeDate: dueDateOf(invoice.launch_date),
});

const invoiceKey = (invoice: AnnouncedInvoice) =>
  periodKey(invoice.contract_id, invoice.reading_from, invoice.reading_until, invoice.id);

function newInvoiceMail(run: Run, recipient: Recipient, invoice: AnnouncedInvoice): OutgoingMail {
  const facts = invoiceFacts(invoice);
  const single = facts.supplies === 1;
  return notice(run, recipient, 'nuevaFactura', NEW_INVOICE.subject(facts), [
    NEW_INVOICE.intro(invoice.line),
    invoiceLines(facts),
    single
      ? { label: NEW_INVOICE.link, href: link(run, `/invoices/${encodeURIComponent(invoice.contract_code)}`) }
      : {
          label: NEW_INVOICE.linkAll,
          href: link(run, invoice.line === 'Gas' ? '/allinvoices-gas' : '/allinvoices'),
        },
  ]);
}

function digestMail(run: Run, recipient: Recipient, invoices: AnnouncedInvoice[]): OutgoingMail {
  return notice(run, recipient, 'nuevaFactura', NEW_INVOICES_DIGEST.subject(invoices.length), [
    NEW_INVOICES_DIGEST.intro(invoices.length),
    ...invoices.map(
      (invoice) =>
        `${NEW_INVOICES_DIGEST.community(invoice.holder_name)}\n${invoiceLines(invoiceFacts(invoice))}`,
    ),
    { label: NEW_INVOICES_DIGEST.link, href: link(run, '/administrador-fincas') },
  ]);
}

/** "Nueva factura": one message per invoice to its holder's account, one digest per run to each administrator. */
async function announceInvoices(run: Run, invoices: AnnouncedInvoice[], recipients: Recipient[]) {
  let queued = 0;
  for (const recipient of recipients) {
    if (!(await run.preferences(recipient)).nuevaFactura) continue;
    if (recipient.realm === 'cliente') {
      for (const invoice of invoices.filter((row) => row.holder_id === recipient.holderId)) {
        queued += await queueOnce(run, recipient, 'nuevaFactura', [invoiceKey(invoice)], () =>
          newInvoiceMail(run, recipient, invoice),
        );
      }
      continue;
    }
    const managed = await managedHolders(
      run.db,
      recipient.administratorId ?? -1,
      invoices.map((invoice) => invoice.holder_id),
    );
    const theirs = invoices.filter((invoice) => managed.has(invoice.holder_id));
    if (!theirs.length) continue;
    // The digest lists only the invoices not announced to the administrator before (a repeated run lists none).
    queued += await queueOnce(run, recipient, 'nuevaFactura', theirs.map(invoiceKey), (fresh) => {
      // A set: an administrator of 5,000 communities has 25,000 keys, and a list's includes was quadratic.
      const announce = new Set(fresh);
      return digestMail(
        run,
        recipient,
        theirs.filter((invoice) => announce.has(invoiceKey(invoice))),
      );
    });
  }
  return queued;
}

const dayCount = (from: string, until: string) => (from <= until ? daysBetween(from, until) : 0);

type BilledContract = Awaited<ReturnType<typeof billedElectricity>>[number];

/**
 * What the explorer's figures show of one billed period: its consumption against a year before, and hours over
 * power. Read for the period and the year before only (billedPeriodFigures), not through the explorer, whose
 * first use of a contract would store its whole history.
 */
async function periodFindings(
  run: Run,
  contract: BilledContract,
  profile: LoadProfile,
  stored: DateRange | null,
) {
  const from = contract.reading_from!;
  const until = contract.reading_until!;
  const answer = await billedPeriodFigures(
    run.db,
    contract,
    profile,
    { from, to: until },
    madridToday(run.now),
    { modelDays: run.modelDays, stored },
  );
  const comparison = answer.comparison;
  let unusual: { currentPerDay: number; previousPerDay: number } | null = null;
  if (comparison.cutoff) {
    const currentDays = dayCount(answer.from, comparison.cutoff);
    const previousDays = dayCount(comparison.from, addMonths(comparison.cutoff, -12));
    if (currentDays > 0 && previousDays > 0) {
      const currentPerDay = comparison.currentKwh / currentDays;
      const previousPerDay = comparison.previousKwh / previousDays;
      if (isUnusualConsumption(currentPerDay, previousPerDay)) unusual = { currentPerDay, previousPerDay };
    }
  }
  const exceeded = answer.power.filter((power) => power.exceeded && power.maxStart !== null);
  return { from, until, unusual, exceeded };
}

type Findings = Awaited<ReturnType<typeof periodFindings>>;

const endOfHour = (start: number) => {
  const end = start + HOUR_MS;
  return madridDateAt(end) === madridDateAt(start) ? madridClock(end) : '24:00';
};

/** The contract and billed period a finding is about, as both findings' messages name them. */
const periodFacts = (contract: BilledContract, findings: Findings) => ({
  contractCode: contract.code,
  cups: contract.cups,
  from: findings.from,
  until: findings.until,
});

function unusualMail(run: Run, recipient: Recipient, contract: BilledContract, findings: Findings) {
  const facts = periodFacts(contract, findings);
  return notice(run, recipient, 'consumoInusual', UNUSUAL_CONSUMPTION.subject(contract.code), [
    UNUSUAL_CONSUMPTION.body({ ...facts, ...findings.unusual! }),
    UNUSUAL_CONSUMPTION.advice,
    { label: UNUSUAL_CONSUMPTION.link, href: link(run, `/loadcurve/${encodeURIComponent(contract.code)}`) },
  ]);
}

function powerMail(run: Run, recipient: Recipient, contract: BilledContract, findings: Findings) {
  const facts = periodFacts(contract, findings);
  return notice(run, recipient, 'potenciaSuperada', POWER_EXCEEDED.subject(contract.code), [
    POWER_EXCEEDED.intro(facts),
    findings.exceeded
      .map((power) =>
        POWER_EXCEEDED.hour({
          label: power.label,
          date: power.maxDate!,
          from: madridClock(power.maxStart!),
          to: endOfHour(power.maxStart!),
          kw: power.maxKw!,
          contractedKw: power.contractedKw!,
        }),
      )
      .join('\n'),
    POWER_EXCEEDED.advice,
    { label: POWER_EXCEEDED.link, href: link(run, `/loadcurve/${encodeURIComponent(contract.code)}`) },
  ]);
}

/** "Consumo inusual" and "Potencia superada" for each electricity period the invoices bill. */
async function announceFindings(run: Run, contracts: BilledContract[], recipients: Recipient[]) {
  const holderIds = [...new Set(contracts.map((contract) => contract.holder_id))];
  // Who sees which holders, and who wants either notice, read once for the whole batch.
  const audience: { recipient: Recipient; sees: Set<number>; wants: NotificationPreferences }[] = [];
  for (const recipient of recipients) {
    const wants = await run.preferences(recipient);
    if (!wants.consumoInusual && !wants.potenciaSuperada) continue;
    const sees =
      recipient.realm === 'cliente'
        ? new Set(recipient.holderId === null ? [] : [recipient.holderId])
        : await managedHolders(run.db, recipient.administratorId ?? -1, holderIds);
    audience.push({ recipient, sees, wants });
  }
  const ids = contracts.map((contract) => contract.id);
  const profiles = await profilesOf(run.db, ids);
  const storedRuns = await storedDayRuns(run.db, ids);
  let queued = 0;
  // Each contract's figures are a millisecond or so of model work: requests are let in between them.
  const breath = breather();
  for (const contract of contracts) {
    const readers = audience.filter((reader) => reader.sees.has(contract.holder_id));
    const profile = profiles.get(contract.id);
    // A period nobody would be told about is not computed; a supply without a profile has no hours.
    if (!readers.length || !profile) continue;
    await breath();
    const findings = await periodFindings(run, contract, profile, storedRuns.get(contract.id) ?? null);
    if (!findings.unusual && !findings.exceeded.length) continue;
    const key = periodKey(contract.id, findings.from, findings.until, 0);
    for (const { recipient, wants } of readers) {
      if (findings.unusual && wants.consumoInusual) {
        queued += await queueOnce(run, recipient, 'consumoInusual', [key], () =>
          unusualMail(run, recipient, contract, findings),
        );
      }
      if (findings.exceeded.length && wants.potenciaSuperada) {
        queued += await queueOnce(run, recipient, 'potenciaSuperada', [key], () =>
          powerMail(run, recipient, contract, findings),
        );
      }
    }
  }
  return queued;
}

/**
 * The notices about newly issued invoices (the billing run calls it with the ids it wrote): "Nueva factura" to
 * each holder's account and a digest to each administrator, and "Consumo inusual" and "Potencia superada" for
 * the electricity periods billed, each to validated accounts that have not switched the kind off. Answers how
 * many e-mails it queued; a repeated call queues none.
 */
export async function notifyNewInvoices(db: Db, invoiceIds: readonly number[], now: Date): Promise<number> {
  if (!invoiceIds.length) return 0;
  const run = await startRun(db, now);
  const invoices = await invoicesToAnnounce(db, invoiceIds);
  const recipients = await recipientsOfHolders(db, [
    ...new Set(invoices.map((invoice) => invoice.holder_id)),
  ]);
  if (!recipients.length) return 0;
  // Proformas are parts of a unified invoice, announced once as that invoice.
  const listed = invoices.filter((invoice) => invoice.kind !== 'P');
  return (
    (await announceInvoices(run, listed, recipients)) +
    (await announceFindings(run, await billedElectricity(db, invoiceIds), recipients))
  );
}

type AnnouncedRequest = NonNullable<Awaited<ReturnType<typeof changeRequestStatus>>>;

/** "Solicitud actualizada" about a request, inside the caller's transaction: once per key. */
function announceRequest(
  trx: Db,
  run: Run,
  recipient: Recipient,
  issue: AnnouncedRequest,
  key: string,
  body: string,
) {
  return claimAndQueue(trx, run, recipient, 'solicitudActualizada', [key], () =>
    notice(run, recipient, 'solicitudActualizada', REQUEST_UPDATED.subject(issue.subject), [
      body,
      { label: REQUEST_UPDATED.link, href: link(run, `/issues/${issue.id}`) },
    ]),
  );
}

/** The author of a request when "Solicitud actualizada" may go to them (validated, not switched off). */
async function wantsNews(run: Run, accountId: number) {
  const recipient = await validatedAccount(run.db, accountId);
  return recipient && (await run.preferences(recipient)).solicitudActualizada ? recipient : undefined;
}

/**
 * Moves a request to `status` at `at` and, in the same transaction, queues "Solicitud actualizada" to its author
 * (when validated and not switched off): a process stopped between the two leaves neither done.
 */
async function changeAndAnnounce(
  run: Run,
  request: { id: number; account_id: number },
  status: IssueStatus,
  at: string,
  actor?: StateActor,
): Promise<number> {
  // Read before the transaction: on SQLite it holds the one connection until it ends.
  const recipient = await wantsNews(run, request.account_id);
  return run.db.transaction().execute(async (trx) => {
    const issue = await changeRequestStatus(trx, request.id, status, at, actor);
    if (!issue || !recipient) return 0;
    const key = `solicitud:${issue.id}|${issue.status}|${issue.updated_at}`;
    return announceRequest(trx, run, recipient, issue, key, REQUEST_UPDATED.body(issue));
  });
}

/**
 * A support request moves to `status` (whoever moves it: the schedule below, or the retailer's staff, named
 * in `actor`) and its author is told. Answers the e-mails queued: 0 when it already had that state or does
 * not exist.
 */
export async function changeSupportRequestState(
  db: Db,
  issueId: number,
  status: IssueStatus,
  now: Date,
  actor?: StateActor,
): Promise<number> {
  const request = await requestOwner(db, issueId);
  return request ? changeAndAnnounce(await startRun(db, now), request, status, now.toISOString(), actor) : 0;
}

/**
 * "Justificante de su solicitud" to the author of a new request, when the account's address is validated (never
 * to an unvalidated one). A legal receipt, not a notice: no switch turns it off, so it carries no unsubscribe
 * link. Answers what the request's transaction runs after its insert (createIssueWithinQuota's alsoStore): the
 * request and its receipt are stored together or not at all. What the e-mail needs outside the new row is read
 * here, before the transaction (on SQLite it holds the one connection).
 */
export async function requestReceiptWriter(
  db: Db,
  accountId: number,
  now: Date,
): Promise<(trx: Db, created: { id: number }) => Promise<number>> {
  const recipient = await validatedAccount(db, accountId);
  if (!recipient) return async () => 0;
  const run = await startRun(db, now);
  return async (trx, { id: issueId }) => {
    const issue = await findIssue(trx, accountId, issueId);
    const facts = issue && receiptFactsOf(issue);
    if (!facts) return 0;
    const fields = receiptFields(facts);
    await enqueueMail(
      trx,
      composeMail(
        recipient.email,
        REQUEST_RECEIPT.subject(facts.trackingCode),
        [
          GREETING(recipient.givenName),
          REQUEST_RECEIPT.intro,
          fields.map(([label, value]) => `${label}: ${value}`).join('\n'),
          RECEIPT_NOTE,
          { label: REQUEST_RECEIPT.link, href: link(run, `/issues/${issueId}`) },
        ],
        {
          company: { name: run.branding.name, logoUrl: run.branding.logoUrl },
          closing: [SIGN_OFF(run.branding.name)],
        },
      ),
    );
    return 1;
  };
}

/**
 * The company answers a request: the reply goes into its history and "Solicitud actualizada" (the same notice
 * as a change of state) is queued to its author in the same transaction, so neither is stored without the
 * other. Answers what the write found.
 */
export async function replyAndAnnounce(
  db: Db,
  issueId: number,
  staffAccountId: number,
  text: string,
  now: Date,
): Promise<RequestWrite> {
  // Read before the transaction: on SQLite it holds the one connection until it ends.
  const run = await startRun(db, now);
  const issue = await requestFacts(db, issueId);
  const recipient = issue && (await wantsNews(run, issue.account_id));
  const key = `respuesta:${issueId}|${now.toISOString()}`;
  return addRequestMessage(db, issueId, { accountId: staffAccountId, staff: true }, text, now, (trx) =>
    issue && recipient
      ? announceRequest(trx, run, recipient, issue, key, REQUEST_UPDATED.reply(issue))
      : Promise.resolve(0),
  );
}

/**
 * Applies every scheduled change of a request that is due at `now` (at the time it was due) and tells each
 * author; answers the e-mails queued. A repeated call finds nothing due.
 */
export async function advanceSupportRequests(db: Db, now: Date): Promise<number> {
  const due = await dueRequestChanges(db, now.toISOString());
  if (!due.length) return 0;
  const run = await startRun(db, now);
  let queued = 0;
  for (const change of due) {
    queued += await changeAndAnnounce(run, change, change.next_status!, change.next_status_at!);
  }
  return queued;
}

/**
 * "Sus datos están listos" (issue 28): the account's own data, asked for by the account, so a message it cannot
 * switch off, framed with the company's branding. The caller queues it with the archive's row.
 */
export async function dataArchiveReadyMail(
  db: Db,
  recipient: { email: string; givenName: string },
  download: string,
  expiresAt: Date,
): Promise<OutgoingMail> {
  const settings = settingsOf(db);
  const branding = await brandingOf(settings);
  const expires = `${listDate(madridDateAt(expiresAt.getTime()))} a las ${madridClock(expiresAt.getTime())}`;
  return composeMail(
    recipient.email,
    DATA_ARCHIVE_READY.subject,
    [
      GREETING(recipient.givenName),
      DATA_ARCHIVE_READY.body(expires),
      { label: DATA_ARCHIVE_READY.link, href: `${settings.publicUrl}${download}` },
    ],
    { company: { name: branding.name, logoUrl: branding.logoUrl }, closing: [SIGN_OFF(branding.name)] },
  );
}

export type PermissionEvent = 'given' | 'revoked' | 'expired';

/**
 * A permission's e-mails (issue 28): the holder hears when it is given, revoked or expired; the person it names
 * (when they have a customer account) when it is given. Queued on `trx`, the transaction that writes the change,
 * so both are stored or neither; `db` is the server's database (its settings). Answers the e-mails queued.
 */
export async function queuePermissionMails(
  db: Db,
  trx: Db,
  grantId: number,
  event: PermissionEvent,
  now: Date,
): Promise<number> {
  const settings = settingsOf(db);
  const branding = await brandingOf(settings);
  const grant = await trx
    .selectFrom('access_grants')
    .select(['grantee_document', 'scope', 'starts_on', 'ends_on'])
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
  const { count } = await trx
    .selectFrom('access_grant_contracts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('grant_id', '=', grantId)
    .executeTakeFirstOrThrow();
  const facts: PermissionFacts = {
    document: maskedDocument(grant.grantee_document),
    what: grant.scope === 'consumo_facturas' ? 'su consumo y sus facturas' : 'su consumo',
    supplies: Number(count) === 1 ? '1 suministro' : `${Number(count)} suministros`,
    from: grant.starts_on,
    until: grant.ends_on,
  };
  const frame = {
    company: { name: branding.name, logoUrl: branding.logoUrl },
    closing: [SIGN_OFF(branding.name)],
  };
  const link = { label: PERMISSION_MAILS.link, href: `${settings.publicUrl}/` };
  const holder = await grantHolderAccount(trx, grantId);
  await enqueueMail(
    trx,
    composeMail(
      holder.email,
      PERMISSION_MAILS[event].subject,
      [GREETING(holder.given_name), PERMISSION_MAILS[event].body(facts), link],
      frame,
    ),
    now,
  );
  if (event !== 'given') return 1;
  const grantee = await granteeAccount(trx, grant.grantee_document);
  if (!grantee) return 1;
  const body = PERMISSION_MAILS.received.body({ ...facts, holder: await grantorOf(trx, grantId) });
  await enqueueMail(
    trx,
    composeMail(
      grantee.email,
      PERMISSION_MAILS.received.subject,
      [GREETING(grantee.given_name), body, link],
      frame,
    ),
    now,
  );
  return 2;
}

/**
 * The daily look for permissions past their end: each is marked expired once (its history line written) and
 * its holder told, in one transaction. Answers the e-mails queued.
 */
export async function announceExpiredPermissions(db: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const grant of await unannouncedExpiredGrants(db, madridToday(now))) {
    queued += await db.transaction().execute(async (trx) => {
      if (!(await markGrantExpired(trx, grant.id, now))) return 0;
      return queuePermissionMails(db, trx, grant.id, 'expired', now);
    });
  }
  return queued;
}
