import { serverNow } from '../../clock';
import type { Db } from '../database';
import type { IssueStatus, Line } from '../schema';
import { CLAIM_CATEGORY, receiptOf } from '../trackingCodes';

/** Categories of a support request and their subcategories, in the order the form lists them. */
export const ISSUE_CATEGORIES: readonly { name: string; subcategories: readonly string[] }[] = [
  {
    name: 'Facturación',
    subcategories: [
      'Duda sobre una factura',
      'Reclamación del importe',
      'Duplicado de factura',
      'Cambio de forma de pago',
      'Factura electrónica',
    ],
  },
  {
    name: 'Contratación',
    subcategories: [
      'Alta de suministro',
      'Baja de suministro',
      'Cambio de titular',
      'Cambio de potencia',
      'Cambio de tarifa',
    ],
  },
  {
    name: 'Lecturas',
    subcategories: ['Lectura estimada', 'Error en la lectura', 'Envío de lectura', 'Acceso al contador'],
  },
  {
    name: 'Averías y suministro',
    subcategories: [
      'Corte de suministro',
      'Calidad del suministro',
      'Avería del contador',
      'Revisión de la instalación de gas',
    ],
  },
  {
    name: 'Datos personales',
    subcategories: [
      'Cambio de datos de contacto',
      'Cambio de cuenta bancaria',
      'Cambio de dirección de envío',
      'Protección de datos',
    ],
  },
  { name: 'Otros', subcategories: ['Consulta general', 'Sugerencia', 'Reclamación'] },
  // Its requests are claims under Ley 10/2025 (REC- codes); last, so an older catalogue gains it at its end.
  {
    name: CLAIM_CATEGORY,
    subcategories: [
      'Facturación',
      'Contratación',
      'Calidad del suministro',
      'Lecturas y contador',
      'Atención recibida',
      'Otra reclamación',
    ],
  },
];

interface Moment {
  daysAgo: number;
  at: string;
}

/** The instant `daysAgo` days before `now` at the time `at` (UTC). */
const instant = (now: Date, { daysAgo, at }: Moment) =>
  `${new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)}T${at}:00.000Z`;

interface DemoIssue {
  subject: string;
  description: string;
  category: string;
  subcategory: string;
  line: Line;
  status: IssueStatus;
  /** Days before the seeding and the time of day (UTC): the demo's requests are as recent as its invoices. */
  opened: Moment;
  /** The last change; a request nobody has touched yet keeps its opening. */
  changed: Moment;
  /** A change the retailer has scheduled, days after the seeding: it happens when the clock passes it. */
  scheduled?: { status: IssueStatus; afterDays: number };
}

/** Requests of the customer `demo` in every state: three open (Nueva, En curso ×2) and two finished. */
const DEMO_ISSUES: readonly DemoIssue[] = [
  {
    subject: 'Factura emitida con lectura estimada',
    description:
      'La última factura se ha emitido con una lectura estimada muy superior a mi consumo real.\nAdjunto la lectura del contador para que se rectifique.',
    category: 'Lecturas',
    subcategory: 'Lectura estimada',
    line: 'Electricidad',
    status: 'Nueva',
    opened: { daysAgo: 1, at: '09:14' },
    changed: { daysAgo: 1, at: '09:14' },
    // Support takes it up two days after the seeding: moving the clock on sends "Solicitud actualizada".
    scheduled: { status: 'En curso', afterDays: 2 },
  },
  {
    subject: 'Duplicado de la factura de marzo',
    description: 'Necesito un duplicado de la factura de marzo para presentarlo en mi gestoría.',
    category: 'Facturación',
    subcategory: 'Duplicado de factura',
    line: 'Gas',
    status: 'En curso',
    opened: { daysAgo: 9, at: '16:40' },
    changed: { daysAgo: 5, at: '12:02' },
  },
  {
    subject: 'Cambio de cuenta bancaria para la domiciliación',
    description: 'A partir del próximo recibo quiero domiciliar los pagos en mi nueva cuenta bancaria.',
    category: 'Datos personales',
    subcategory: 'Cambio de cuenta bancaria',
    line: 'Electricidad',
    status: 'En curso',
    opened: { daysAgo: 30, at: '11:05' },
    changed: { daysAgo: 26, at: '09:47' },
  },
  {
    subject: 'Aumento de la potencia contratada',
    description: 'Solicito subir la potencia contratada por la instalación de una bomba de calor.',
    category: 'Contratación',
    subcategory: 'Cambio de potencia',
    line: 'Electricidad',
    status: 'Resuelta',
    opened: { daysAgo: 75, at: '10:22' },
    changed: { daysAgo: 64, at: '13:15' },
  },
  {
    subject: 'Revisión periódica de la instalación de gas',
    description: 'Quisiera concertar la revisión obligatoria de la instalación de gas.',
    category: 'Averías y suministro',
    subcategory: 'Revisión de la instalación de gas',
    line: 'Gas',
    status: 'Cerrada',
    opened: { daysAgo: 170, at: '08:30' },
    changed: { daysAgo: 156, at: '17:20' },
  },
];

const OTHER_CUSTOMER_ISSUE: DemoIssue = {
  subject: 'Consulta sobre la tarifa 2.0TD',
  description: '¿Qué horarios tienen los periodos punta, llano y valle de mi tarifa?',
  category: 'Otros',
  subcategory: 'Consulta general',
  line: 'Electricidad',
  status: 'Nueva',
  opened: { daysAgo: 3, at: '18:45' },
  changed: { daysAgo: 3, at: '18:45' },
};

/** The categories missing from the catalogue (all on a fresh database), each with its subcategories. */
async function seedCategories(db: Db): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('issue_categories').select('name').execute()).map((row) => row.name),
  );
  const missing = ISSUE_CATEGORIES.filter(({ name }) => !existing.has(name));
  if (!missing.length) return;
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('issue_categories')
      .values(missing.map(({ name }) => ({ name })))
      .returning('id')
      .execute();
    await trx
      .insertInto('issue_subcategories')
      .values(
        missing.flatMap((category, i) =>
          category.subcategories.map((name) => ({ category_id: rows[i].id, name })),
        ),
      )
      .execute();
  });
}

/**
 * Requests made before tracking codes (migration 0021) get theirs, received when they were opened, with an
 * opening event in their history; a later start finds none left.
 */
async function fillReceipts(db: Db): Promise<void> {
  const pending = await db
    .selectFrom('issues')
    .innerJoin('issue_categories', 'issue_categories.id', 'issues.category_id')
    .select(['issues.id', 'issues.created_at', 'issue_categories.name as category'])
    .where('issues.tracking_code', 'is', null)
    .orderBy('issues.created_at')
    .orderBy('issues.id')
    .execute();
  for (const issue of pending) {
    await db.transaction().execute(async (trx) => {
      const receipt = await receiptOf(trx, issue.category === CLAIM_CATEGORY, new Date(issue.created_at));
      await trx.updateTable('issues').set(receipt).where('id', '=', issue.id).execute();
      await trx
        .insertInto('request_events')
        .values({
          issue_id: issue.id,
          from_status: null,
          to_status: 'Nueva',
          actor_kind: 'customer',
          staff_account_id: null,
          created_at: issue.created_at,
        })
        .execute();
    });
  }
}

async function issueRows(db: Db, username: string, issues: readonly DemoIssue[], now: Date) {
  const account = await db
    .selectFrom('accounts')
    .innerJoin('holders', 'holders.id', 'accounts.holder_id')
    .select(['accounts.id', 'accounts.holder_id', 'accounts.email', 'accounts.telephone', 'holders.nif'])
    .where('accounts.realm', '=', 'cliente')
    .where('accounts.username', '=', username)
    .executeTakeFirst();
  if (!account) return [];
  const contracts = await db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('contracts.holder_id', '=', account.holder_id!)
    .orderBy('contracts.code')
    .execute();
  const subcategories = await db
    .selectFrom('issue_subcategories')
    .innerJoin('issue_categories', 'issue_categories.id', 'issue_subcategories.category_id')
    .select([
      'issue_subcategories.id',
      'issue_subcategories.category_id',
      'issue_subcategories.name',
      'issue_categories.name as category',
    ])
    .execute();
  return issues.flatMap((issue, i) => {
    const ofLine = contracts.filter((c) => c.line === issue.line);
    const subcategory = subcategories.find(
      (s) => s.category === issue.category && s.name === issue.subcategory,
    );
    if (!ofLine.length || !subcategory) return [];
    const contract = ofLine[i % ofLine.length];
    return [
      {
        account_id: account.id,
        subject: issue.subject,
        description: issue.description,
        category_id: subcategory.category_id,
        subcategory_id: subcategory.id,
        line: issue.line,
        cups: contract.cups,
        contract_code: contract.code,
        holder_nif: account.nif,
        email: account.email,
        telephone: account.telephone,
        status: issue.status,
        created_at: instant(now, issue.opened),
        updated_at: instant(now, issue.changed),
        next_status: issue.scheduled?.status ?? null,
        next_status_at: issue.scheduled
          ? new Date(now.getTime() + issue.scheduled.afterDays * 86_400_000).toISOString()
          : null,
      },
    ];
  });
}

/**
 * Missing categories into the catalogue, the demo customers' requests into an empty request table, and tracking
 * codes to requests without one, so a database made before this module gains all on the next start.
 */
export async function seedIssues(db: Db, now = serverNow()): Promise<void> {
  await seedCategories(db);
  const existing = await db.selectFrom('issues').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    const rows = [
      ...(await issueRows(db, 'demo', DEMO_ISSUES, now)),
      ...(await issueRows(db, 'demo2', [OTHER_CUSTOMER_ISSUE], now)),
    ];
    if (rows.length) await db.insertInto('issues').values(rows).execute();
  }
  await fillReceipts(db);
}
