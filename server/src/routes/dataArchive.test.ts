import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { contractsOf, customerTokens } from '../../test/contracts';
import { pdfLines } from '../../test/pdfText';
import { createTestApp, type TestApp } from '../../test/testApp';
import { zipEntryList } from '../../test/zip';
import { archiveDirOf, archivesIdle, purgeArchives } from '../jobs/dataArchives';
import { readOutbox } from '../mail/outbox';
import { ACCOUNT_DATA, MANIFEST, README, supplyFolder } from '../documents/dataArchive';
import {
  ARCHIVE_BUSY,
  ARCHIVE_LINK_INVALID,
  ARCHIVE_PREPARING,
  DIRECT_ARCHIVE_CONTRACTS,
} from './dataArchive';

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await customerTokens(t.app);
});

afterAll(async () => {
  await t.close();
});

function get(url: string, token = tokens.demo, realm = 'cliente') {
  return t.app.inject({
    method: 'GET',
    url: `/api/${realm}${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

type Entries = Map<string, Buffer>;
const entriesOf = (zip: Buffer): Entries =>
  new Map(zipEntryList(zip).map((entry) => [entry.name, entry.content()]));

/** Every file but the manifest is listed in it with its real size and SHA-256, and nothing else is. */
function expectManifestMatches(entries: Entries) {
  const manifest = JSON.parse(entries.get(MANIFEST)!.toString('utf8')) as {
    archivos: { archivo: string; bytes: number; sha256: string }[];
  };
  const others = [...entries.keys()].filter((name) => name !== MANIFEST);
  expect(manifest.archivos.map((file) => file.archivo).sort()).toEqual(others.sort());
  for (const file of manifest.archivos) {
    const content = entries.get(file.archivo)!;
    expect({
      archivo: file.archivo,
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    }).toEqual(file);
  }
}

/** A CSV of the portal: BOM, ';' between fields, CRLF lines (no field of these files holds a separator). */
const csvRows = (content: Buffer) =>
  content
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

const threeDecimals = (value: number) => value.toFixed(3).replace('.', ',');

describe('Descargar todos mis datos, a customer', () => {
  let entries: Entries;

  beforeAll(async () => {
    // A request of demo2's own, with its text, for the archive to hold.
    const contract = (await contractsOf(t.db, 'demo2')).find((row) => row.line === 'Electricidad')!;
    const category = await t.db
      .selectFrom('issue_categories')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const subcategory = await t.db
      .selectFrom('issue_subcategories')
      .select('id')
      .where('category_id', '=', category.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/ov/issues/api/add',
      headers: { authorization: `Bearer ${tokens.demo2}` },
      payload: {
        title: 'Consulta sobre mi factura',
        description: 'Quisiera saber por qué ha subido el importe; gracias.',
        category: category.id,
        subcategory: subcategory.id,
        line: contract.line,
        cups: contract.cups,
        contractCode: contract.code,
      },
    });
    expect(added.statusCode).toBeLessThan(300);
    const response = await get('/ov/datos/api/descargar', tokens.demo2);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    entries = entriesOf(response.rawPayload);
  });

  it('holds the readme, the typed data, every supply’s files and a manifest whose checksums match', async () => {
    expect(entries.get(README)!.toString('utf8')).toContain('curva_horaria.csv');
    const contracts = await contractsOf(t.db, 'demo2');
    expect(contracts.length).toBeLessThanOrEqual(DIRECT_ARCHIVE_CONTRACTS);
    for (const contract of contracts) {
      const folder = supplyFolder(contract);
      for (const file of [
        'contrato.pdf',
        'facturas.csv',
        'lecturas.csv',
        'curva_horaria.csv',
        'datos.json',
      ]) {
        expect(entries.has(`${folder}${file}`)).toBe(true);
      }
    }
    expectManifestMatches(entries);
  });

  it('gives the whole curve, beyond 12 months, in the distributors’ columns', async () => {
    const contract = (await contractsOf(t.db, 'demo2')).find((row) => row.line === 'Electricidad')!;
    const rows = csvRows(entries.get(`${supplyFolder(contract)}curva_horaria.csv`)!);
    expect(rows[0]).toEqual(['CUPS', 'Fecha', 'Hora', 'Consumo_kWh', 'Excedente_kWh', 'Metodo_obtencion']);
    const days = [...new Set(rows.slice(1).map((row) => row[1]))];
    expect(days.length).toBeGreaterThan(400);
  });

  it('equals the API’s answers: one day of curve, one invoice, one request', async () => {
    const contract = (await contractsOf(t.db, 'demo2')).find((row) => row.line === 'Electricidad')!;
    const folder = supplyFolder(contract);
    // One day of curve.
    const curve = await get(
      `/ov/cups/api/curvas?contractCode=${contract.code}&startDate=10-01-2026&endDate=10-01-2026`,
      tokens.demo2,
    );
    expect(curve.statusCode).toBe(200);
    const hours = curve.json().Curvas.select as {
      hourRecord: number;
      activeEnergy: number;
      pasiveEnergy: number;
    }[];
    expect(hours.length).toBe(24);
    const archived = csvRows(entries.get(`${folder}curva_horaria.csv`)!).filter(
      (row) => row[1] === '10/01/2026',
    );
    expect(archived).toEqual(
      hours.map((hour) => [
        contract.cups,
        '10/01/2026',
        `${String(hour.hourRecord).padStart(2, '0')}:00`,
        threeDecimals(hour.activeEnergy),
        threeDecimals(hour.pasiveEnergy),
        expect.stringMatching(/^(Real|Estimada)$/),
      ]),
    );
    // One invoice: the archived PDF reads as the one the invoice screen downloads.
    const supplyData = JSON.parse(entries.get(`${folder}datos.json`)!.toString('utf8')) as {
      facturas: { id_factura: number; pdf: string | null }[];
    };
    const invoice = [...supplyData.facturas].reverse().find((row) => row.pdf)!;
    const fromApi = await get(`/ov/invoices/api/pdf/${invoice.id_factura}`, tokens.demo2);
    expect(fromApi.statusCode).toBe(200);
    expect(await pdfLines(entries.get(`${folder}${invoice.pdf}`)!)).toEqual(
      await pdfLines(fromApi.rawPayload),
    );
    // One request.
    const list = await get('/ov/issues/api/issues', tokens.demo2);
    const first = list.json().items[0] as { id: number };
    const detail = (await get(`/ov/issues/api/issue?issueId=${first.id}`, tokens.demo2)).json();
    const accountData = JSON.parse(entries.get(ACCOUNT_DATA)!.toString('utf8')) as {
      solicitudes: Record<string, unknown>[];
    };
    expect(accountData.solicitudes.find((request) => request.numero === first.id)).toEqual(
      expect.objectContaining({
        asunto: detail.asunto,
        estado: detail.estado,
        categoria: detail.categoria,
        subcategoria: detail.subcategoria,
        cups: detail.cups,
        mensaje: detail.descripcion,
        fecha_creacion: detail.fecha_creacion,
        codigo_seguimiento: detail.tracking_code,
      }),
    );
    // Its whole conversation: as many entries as the detail's history, each with its date.
    const archivedRequest = accountData.solicitudes.find((request) => request.numero === first.id) as {
      historial: { fecha: string }[];
    };
    expect(archivedRequest.historial.map((entry) => entry.fecha)).toEqual(
      (detail.history as { at: string }[]).map((entry) => entry.at),
    );
  });
});

describe('Descargar todos mis datos, an administrator with many supplies', () => {
  it('is prepared in the background, one at a time, and e-mailed with a link that works until it expires', async () => {
    const before = (await get('/ov/datos/api/estado', tokens.admin, 'fincas')).json();
    expect(before).toEqual({ estado: 'ninguno', caduca: null });
    const first = await get('/ov/datos/api/descargar', tokens.admin, 'fincas');
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe(ARCHIVE_PREPARING);
    const second = await get('/ov/datos/api/descargar', tokens.admin, 'fincas');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ARCHIVE_BUSY);

    expect((await get('/ov/datos/api/estado', tokens.admin, 'fincas')).json().estado).toBe('preparando');
    await archivesIdle();
    const ready = (await get('/ov/datos/api/estado', tokens.admin, 'fincas')).json();
    expect(ready.estado).toBe('listo');
    const mail = (await readOutbox(t.config.dataDir)).find(
      (message) =>
        message.to === 'admin@fincas.example' && message.subject === 'Sus datos están listos para descargar',
    )!;
    const link = mail.links
      .map((href) => new URL(href))
      .find((url) => url.pathname.endsWith('/ov/datos/archivo'))!;
    expect(link.pathname).toBe('/api/fincas/ov/datos/archivo');
    const download = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    const entries = entriesOf(download.rawPayload);
    expectManifestMatches(entries);
    const accountData = JSON.parse(entries.get(ACCOUNT_DATA)!.toString('utf8')) as { suministros: unknown[] };
    expect(accountData.suministros.length).toBeGreaterThan(DIRECT_ARCHIVE_CONTRACTS);

    const wrong = await t.app.inject({ method: 'GET', url: '/api/fincas/ov/datos/archivo?token=nada' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(ARCHIVE_LINK_INVALID);
    // Seven days later the link no longer opens the file.
    await t.db
      .updateTable('data_archives')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(late.statusCode).toBe(404);
    // The daily purge takes the expired archive's file and row away.
    const { file_name } = await t.db
      .selectFrom('data_archives')
      .select('file_name')
      .executeTakeFirstOrThrow();
    const file = path.join(archiveDirOf(t.config.dataDir), file_name);
    expect(existsSync(file)).toBe(true);
    expect(await purgeArchives(t.db, new Date())).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(await t.db.selectFrom('data_archives').selectAll().execute()).toEqual([]);
  });
});
