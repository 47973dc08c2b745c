import { createHash } from 'node:crypto';

import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { contractPowers } from '../db/contractPowers';
import {
  accountRequests,
  type ArchiveContract,
  type ArchiveRequest,
  archiveContracts,
  contractInvoices,
} from '../data/dataArchive';
import { displayNumber, displayState, holderDisplayName } from '../data/display';
import { invoicePrints } from '../data/invoiceDocuments';
import type { InvoiceDetail } from '../data/invoices';
import { wholeCurve } from '../data/measurements';
import { unifiedPartsOf } from '../data/unifiedParts';
import type { HourlyMeasurement } from '../measurements/loadProfile';
import type { ArchiveEntry, EntryWritten } from './archive';
import { buildDistributorCurveSheet } from './curveSheet';
import { offLoop } from './documentThreads';
import { invoiceFileName } from './invoiceDownloads';
import { invoicesWorkbook } from './invoiceSheet';
import { buildWorkbook } from './spreadsheet';

/**
 * "Descargar todos mis datos" (issue 28; Directive (EU) 2019/944 art. 23, Data Act (EU) 2023/2854, GDPR art. 20):
 * everything the portal holds for an account, one supply at a time, so memory holds one supply's curve and
 * documents whatever the number of supplies. Every file is made by the builders the screens' downloads use.
 */

const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const README = 'LEEME.txt';
export const ACCOUNT_DATA = 'datos.json';
const REQUESTS_CSV = 'solicitudes.csv';

/** The folder of one contract's files: its CUPS and contract code (a supply point may have had several). */
export const supplyFolder = (contract: Pick<ArchiveContract, 'cups' | 'code'>) =>
  `suministros/${contract.cups}_${contract.code}/`;

const README_TEXT = `DATOS DE SU CUENTA EN LA OFICINA VIRTUAL
========================================

Este archivo contiene todos los datos que la Oficina Virtual guarda de su cuenta, sin límite de fechas,
en formatos abiertos y legibles por máquina (Directiva (UE) 2019/944, art. 23; Reglamento (UE) 2023/2854 de
Datos; RGPD, art. 20). Los archivos CSV usan el formato de la Oficina Virtual: separador punto y coma, coma
decimal, fechas DD/MM/AAAA y codificación UTF-8.

manifest.json
  Lista de todos los archivos con su tamaño en bytes y su huella SHA-256, para comprobar que están completos.
  Campos: formato (versión), generado_en (fecha y hora ISO 8601, UTC), archivos: [archivo, bytes, sha256].

datos.json
  Los datos de la cuenta con su tipo: la cuenta (usuario, ámbito), la lista de suministros (CUPS, contrato y
  carpeta de sus archivos) y las solicitudes con su texto, su código de seguimiento, su plazo máximo de
  respuesta y su historial (mensajes y cambios de estado). Las unidades van en el nombre de cada campo
  (_kwh, _kw, _eur).

solicitudes.csv
  Una fila por solicitud: Número; Asunto; Estado; Categoría; Subcategoría; Línea; CUPS; Contrato;
  Fecha de creación; Fecha de actualización; Mensaje (el texto enviado).

suministros/<CUPS>_<contrato>/
  Una carpeta por contrato de cada suministro:
  contrato.pdf         El contrato: titular, suministro, tarifa, potencias y fechas.
  facturas.csv         Una fila por factura: Línea; Tipo; Número; Serie; Fecha de factura; Titular; NIF;
                       Suministros; Contrato; Nº contrato; CUPS; Dirección; Tarifa; Desde; Hasta;
                       Consumo (kWh); Importe total (€); Moneda; Categoría; PDF.
  facturas/            El PDF de cada factura descargable.
  lecturas.csv         Las lecturas de cada periodo facturado: Factura; Desde; Hasta; Consumo (kWh);
                       Excedente (kWh).
  curva_horaria.csv    Toda la curva horaria guardada, con las columnas de la plataforma de las
                       distribuidoras: CUPS; Fecha; Hora (01:00 a 24:00, 25:00 el día de 25 horas de
                       octubre); Consumo_kWh; Excedente_kWh; Metodo_obtencion (Real o Estimada).
  datos.json           Los mismos datos del suministro con su tipo: contrato, facturas, lecturas y curva.
`;

const isoDay = (iso: string | null) => iso;

function contractFacts(contract: ArchiveContract) {
  return {
    codigo_contrato: contract.code,
    referencia_sicom: contract.sicom_code,
    linea: contract.line,
    estado: displayState(contract.state),
    tarifa: contract.tariff,
    peaje_acceso: contract.access_fee,
    fecha_alta: contract.start_date,
    fecha_baja: contract.end_date,
    potencias_contratadas_kw: contractPowers(contract),
    caudal_kwh_dia: contract.caudal,
    cups: contract.cups,
    direccion: {
      calle: contract.street,
      numero: contract.number,
      extension: contract.extension,
      codigo_postal: contract.postal_code,
      municipio: contract.city,
      provincia: contract.province,
    },
    titular: { nombre: holderDisplayName(contract), nif: contract.holder_nif },
  };
}

function invoiceFacts(invoice: InvoiceDetail) {
  return {
    id_factura: invoice.id,
    numero: displayNumber(invoice),
    serie: invoice.serie,
    numero_factura: invoice.bill_number,
    tipo: invoice.kind === 'U' ? 'Factura unificada' : 'Factura',
    fecha_emision: invoice.launch_date,
    periodo_desde: isoDay(invoice.reading_from),
    periodo_hasta: isoDay(invoice.reading_until),
    consumo_kwh: invoice.consumption_kwh,
    excedente_kwh: invoice.surplus_kwh,
    importe_total_eur: invoice.amount,
    moneda: invoice.currency,
    pdf: invoice.can_download ? `facturas/${invoiceFileName(invoice)}` : null,
  };
}

function readingFacts(invoice: InvoiceDetail) {
  return {
    factura: displayNumber(invoice),
    desde: invoice.reading_from,
    hasta: invoice.reading_until,
    consumo_kwh: invoice.consumption_kwh,
    excedente_kwh: invoice.surplus_kwh,
  };
}

function requestFacts(request: ArchiveRequest) {
  return {
    numero: request.id,
    asunto: request.subject,
    estado: request.status,
    categoria: request.category,
    subcategoria: request.subcategory,
    linea: request.line,
    cups: request.cups,
    codigo_contrato: request.contract_code,
    mensaje: request.description,
    codigo_seguimiento: request.tracking_code,
    plazo_maximo_respuesta: request.deadline,
    fecha_creacion: request.created_at,
    fecha_actualizacion: request.updated_at,
    // Every message and change of state, oldest first (Ley 10/2025: the customer keeps the whole conversation).
    historial: request.history.map((entry) =>
      entry.kind === 'message'
        ? { tipo: 'mensaje', autor: entry.author, texto: entry.text, fecha: entry.at }
        : { tipo: 'cambio_de_estado', autor: entry.author, de: entry.from, a: entry.to, fecha: entry.at },
    ),
  };
}

const dateCell = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

function readingsSheet(invoices: InvoiceDetail[]) {
  return buildWorkbook(
    'Lecturas',
    [
      { header: 'Factura', key: 'factura' },
      { header: 'Desde', key: 'desde', numFmt: 'dd/mm/yyyy' },
      { header: 'Hasta', key: 'hasta', numFmt: 'dd/mm/yyyy' },
      { header: 'Consumo (kWh)', key: 'consumo', numFmt: '#,##0.00' },
      { header: 'Excedente (kWh)', key: 'excedente', numFmt: '#,##0.00' },
    ],
    invoices
      .filter((invoice) => invoice.reading_from && invoice.reading_until)
      .map((invoice) => ({
        factura: displayNumber(invoice),
        desde: dateCell(invoice.reading_from),
        hasta: dateCell(invoice.reading_until),
        consumo: invoice.consumption_kwh,
        excedente: invoice.surplus_kwh,
      })),
  );
}

function requestsSheet(requests: ArchiveRequest[]) {
  return buildWorkbook(
    'Solicitudes',
    [
      { header: 'Número', key: 'numero' },
      { header: 'Asunto', key: 'asunto' },
      { header: 'Estado', key: 'estado' },
      { header: 'Categoría', key: 'categoria' },
      { header: 'Subcategoría', key: 'subcategoria' },
      { header: 'Línea', key: 'linea' },
      { header: 'CUPS', key: 'cups' },
      { header: 'Contrato', key: 'codigo_contrato' },
      { header: 'Fecha de creación', key: 'fecha_creacion' },
      { header: 'Fecha de actualización', key: 'fecha_actualizacion' },
      { header: 'Mensaje', key: 'mensaje' },
    ],
    requests.map((request) => {
      const facts = requestFacts(request);
      return { ...facts, numero: String(facts.numero) };
    }),
  );
}

const hourFacts = (hour: HourlyMeasurement) => ({
  fecha: hour.date,
  hora: hour.hour,
  inicio_utc: new Date(hour.startsAt).toISOString(),
  consumo_kwh: hour.active,
  excedente_kwh: hour.surplus,
  estimada: hour.estimated,
});

const text = (value: string) => async () => Buffer.from(value, 'utf8');

/** One contract's files, made one after the other as the archive asks for them. */
async function* supplyEntries(db: Db, contract: ArchiveContract): AsyncGenerator<ArchiveEntry> {
  const folder = supplyFolder(contract);
  yield { name: `${folder}contrato.pdf`, content: () => offLoop('contractPdf', contract) };
  const invoices = await contractInvoices(db, contract.id);
  const parts = await unifiedPartsOf(db, invoices);
  yield {
    name: `${folder}facturas.csv`,
    content: () => offLoop('csv', invoicesWorkbook(invoices, { parts })),
  };
  yield { name: `${folder}lecturas.csv`, content: () => offLoop('csv', readingsSheet(invoices)) };
  for (const print of await invoicePrints(
    db,
    invoices.filter((invoice) => invoice.can_download),
  )) {
    yield {
      name: `${folder}facturas/${invoiceFileName(print.invoice)}`,
      content: () => offLoop('invoicePdf', print),
    };
  }
  const hours = await wholeCurve(db, contract);
  yield {
    name: `${folder}curva_horaria.csv`,
    content: () => offLoop('csv', buildDistributorCurveSheet(contract.cups, hours)),
  };
  yield {
    name: `${folder}datos.json`,
    content: () =>
      offLoop('json', {
        contrato: contractFacts(contract),
        facturas: invoices.map(invoiceFacts),
        lecturas: invoices.filter((invoice) => invoice.reading_from).map(readingFacts),
        curva_horaria: hours.map(hourFacts),
      }),
  };
}

interface ManifestFile {
  archivo: string;
  bytes: number;
  sha256: string;
}

/**
 * The archive of an account: its entries, and the listener that records each file's size and SHA-256 as it is
 * written (streamZip/zipToFile onEntry), so the manifest, the last entry, costs no second reading.
 */
export function dataArchive(db: Db, account: Account, generatedAt: Date) {
  const files: ManifestFile[] = [];
  const onEntry: EntryWritten = (name, content) => {
    files.push({
      archivo: name,
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
  };
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    const contracts = await archiveContracts(db, account);
    const requests = await accountRequests(db, account.id);
    yield { name: README, content: text(README_TEXT.replace(/\n/g, '\r\n')) };
    yield {
      name: ACCOUNT_DATA,
      content: () =>
        offLoop('json', {
          formato: ARCHIVE_FORMAT_VERSION,
          generado_en: generatedAt.toISOString(),
          cuenta: { usuario: account.username, ambito: account.realm },
          suministros: contracts.map((contract) => ({
            cups: contract.cups,
            codigo_contrato: contract.code,
            linea: contract.line,
            carpeta: supplyFolder(contract),
          })),
          solicitudes: requests.map(requestFacts),
        }),
    };
    yield { name: REQUESTS_CSV, content: () => offLoop('csv', requestsSheet(requests)) };
    for (const contract of contracts) yield* supplyEntries(db, contract);
    yield {
      name: MANIFEST,
      content: text(
        JSON.stringify(
          { formato: ARCHIVE_FORMAT_VERSION, generado_en: generatedAt.toISOString(), archivos: files },
          null,
          2,
        ),
      ),
    };
  }
  return { entries: entries(), onEntry };
}
