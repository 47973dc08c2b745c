import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { accessRecordPage, type AccessRecordRow } from '../data/accessRecords';
import { normalise } from '../data/invoices';
import { sendCsv } from '../documents/csv';
import { buildWorkbook } from '../documents/spreadsheet';
import { accessRecordAnswer } from '../contract/dataAccess';
import { ApiError, errorBody } from '../http/errors';
import { madridClock, madridDateAt } from '../measurements/madridTime';
import type { RoutePlugin } from './context';
import { oneOf } from './schemas';

/** Records per page (DECISIONS "Lists and pagers"). */
export const RECORD_PAGE_SIZE = 10;
/** Rows of the CSV download at most: two years of a busy supply's reads. */
const CSV_LIMIT = 50_000;

export const RECORD_DATES_INVERTED = 'La fecha de inicio debe ser anterior a la fecha de fin.';

const isoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

const recordSchema = {
  querystring: Type.Object({
    pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    cups: Type.Optional(Type.String({ maxLength: 30 })),
    desde: Type.Optional(isoDate),
    hasta: Type.Optional(isoDate),
    output: Type.Optional(oneOf(['json', 'csv'], { default: 'json' })),
  }),
  // With output=csv the answer is the file.
  response: { 200: accessRecordAnswer, '4xx': errorBody },
};

const item = (row: AccessRecordRow) => ({
  fecha: row.created_at,
  quien: { tipo: row.actor_kind, iniciales: row.actor_initials, documento: row.actor_document },
  cups: row.cups,
  datos: row.data_kind,
});

/**
 * "Registro de accesos" (issue 28): the holder's record of who read its supplies' data, newest first, paged,
 * by supply and dates, or as CSV. Only a customer holds supplies; an administrator's record is empty.
 */
export const accessRecordRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/accesos/api/registro', { schema: recordSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const { pagina = 1, cups, desde, hasta, output } = request.query;
    if (desde && hasta && desde > hasta) throw new ApiError(400, 400, RECORD_DATES_INVERTED);
    const filters = {
      holderId: account.holder_id ?? -1,
      cups: cups?.trim() ? normalise(cups) : null,
      from: desde ?? null,
      until: hasta ?? null,
    };
    if (output === 'csv') {
      const { rows } = await accessRecordPage(db, filters, 0, CSV_LIMIT);
      const sheet = buildWorkbook(
        'Registro de accesos',
        [
          { header: 'Fecha', key: 'date', numFmt: 'dd/mm/yyyy' },
          { header: 'Hora', key: 'time' },
          { header: 'Quién', key: 'kind' },
          { header: 'Iniciales', key: 'initials' },
          { header: 'Documento', key: 'document' },
          { header: 'CUPS', key: 'cups' },
          { header: 'Datos', key: 'data' },
        ],
        rows.map((row) => ({
          date: new Date(`${madridDateAt(Date.parse(row.created_at))}T00:00:00Z`),
          time: madridClock(Date.parse(row.created_at)),
          kind: row.actor_kind,
          initials: row.actor_initials,
          document: row.actor_document,
          cups: row.cups,
          data: row.data_kind,
        })),
      );
      return sendCsv(reply, sheet, 'registro-de-accesos.csv');
    }
    const { rows, total } = await accessRecordPage(
      db,
      filters,
      (pagina - 1) * RECORD_PAGE_SIZE,
      RECORD_PAGE_SIZE,
    );
    return { total, pagina, porPagina: RECORD_PAGE_SIZE, registros: rows.map(item) };
  });
};
