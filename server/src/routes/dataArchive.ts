import path from 'node:path';

import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { hashRefreshToken as sha256Token } from '../auth/tokens';
import { serverNow } from '../clock';
import {
  archiveInPreparation,
  countArchiveContracts,
  latestArchive,
  liveArchiveByToken,
} from '../data/dataArchive';
import { sendZipFile, streamZip } from '../documents/archive';
import { dataArchive } from '../documents/dataArchive';
import { codeAndMessage } from '../contract/common';
import { dataArchiveStateAnswer } from '../contract/dataAccess';
import { ApiError, errorBody } from '../http/errors';
import { ARCHIVE_DOWNLOAD_PATH, archiveDirOf, startArchive } from '../jobs/dataArchives';
import type { RoutePlugin } from './context';
import { heavyCall, heavyReads } from './heavyCalls';

/**
 * Up to this many contracts the archive is made while the caller waits (a few seconds: each contract is three
 * years of hours and some 36 invoices' PDFs, one to two seconds on the loaded two-core machine); beyond, it is prepared in the background and e-mailed.
 */
export const DIRECT_ARCHIVE_CONTRACTS = 3;

export const ARCHIVE_PREPARING =
  'Estamos preparando el archivo con todos sus datos. Le avisaremos por correo electrónico cuando esté listo; el enlace de descarga caduca a los 7 días.';
export const ARCHIVE_BUSY =
  'Ya se está preparando un archivo con sus datos. Espere al correo electrónico que le avisará cuando esté listo.';
export const ARCHIVE_LINK_INVALID =
  'El enlace de descarga ha caducado o no es válido. Solicite sus datos de nuevo en Mi cuenta.';

/** The archive's file name: the day it was made, by the server clock. */
const archiveName = (now: Date) => `mis-datos-${now.toISOString().slice(0, 10)}.zip`;

const downloadSchema = {
  // 200 is the ZIP; 202 when it is prepared in the background.
  response: { 202: codeAndMessage, '4xx': errorBody },
};

/** "Descargar todos mis datos" in Mi cuenta, for customers and administrators (issue 28). */
export const dataArchiveRoutes: RoutePlugin = async (app, { db: ownDb, config, mailQueue }) => {
  const heavy = heavyCall(ownDb, config);
  const db = heavyReads(ownDb);

  app.get('/ov/datos/api/descargar', { schema: downloadSchema, ...heavy }, async (request, reply) => {
    const account = signedInAccount(request);
    if (await archiveInPreparation(ownDb, account.id)) throw new ApiError(409, 409, ARCHIVE_BUSY);
    const now = serverNow();
    if ((await countArchiveContracts(db, account)) > DIRECT_ARCHIVE_CONTRACTS) {
      const started = await startArchive(
        { db: ownDb, reads: db, dataDir: config.dataDir, mailQueue, log: app.log },
        account,
      );
      if (!started) throw new ApiError(409, 409, ARCHIVE_BUSY);
      return reply.status(202).send({ code: 202, message: ARCHIVE_PREPARING });
    }
    const { entries, onEntry } = dataArchive(db, account, now);
    await streamZip(reply, archiveName(now), entries, onEntry);
    return reply;
  });

  app.get(
    '/ov/datos/api/estado',
    { schema: { response: { 200: dataArchiveStateAnswer, '4xx': errorBody } } },
    async (request) => {
      const latest = await latestArchive(ownDb, signedInAccount(request).id);
      if (!latest) return { estado: 'ninguno' as const, caduca: null };
      if (latest.status === 'preparing') return { estado: 'preparando' as const, caduca: null };
      if (latest.status === 'failed') return { estado: 'error' as const, caduca: null };
      const expired = !latest.expires_at || latest.expires_at <= serverNow().toISOString();
      return { estado: expired ? ('caducado' as const) : ('listo' as const), caduca: latest.expires_at };
    },
  );
};

/** The e-mailed link of a prepared archive: its token is the key, so it works without signing in, for 7 days. */
export const dataArchiveLinkRoutes: RoutePlugin = async (app, { db, config }) => {
  app.get(
    ARCHIVE_DOWNLOAD_PATH,
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const archive = token ? await liveArchiveByToken(db, sha256Token(token), serverNow()) : undefined;
      if (!archive) throw new ApiError(404, 404, ARCHIVE_LINK_INVALID);
      const file = path.join(archiveDirOf(config.dataDir), archive.file_name);
      return sendZipFile(reply, file, 'mis-datos.zip');
    },
  );
};
