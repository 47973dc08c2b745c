import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import { REALM_PREFIX } from '../auth/realm';
import { hashRefreshToken as sha256Token } from '../auth/tokens';
import { serverNow } from '../clock';
import {
  claimArchive,
  deleteArchiveRows,
  expiredArchives,
  markArchiveFailed,
  markArchiveReady,
} from '../data/dataArchive';
import type { Db } from '../db/database';
import type { Account } from '../db/schema';
import { zipToFile } from '../documents/archive';
import { dataArchive } from '../documents/dataArchive';
import { enqueueMail, type MailQueue } from '../mail/queue';
import { dataArchiveReadyMail } from '../notifications';
import { failureReason } from './retries';

/**
 * "Descargar todos mis datos" prepared in the background (issue 28): an account with many supplies (an
 * administrator's thousands) gets its archive written to a file under DATA_DIR, then an e-mail with a link that
 * works for LINK_DAYS. The work runs in the process that took the call, off the request; its row (data_archives)
 * holds the account's one turn, so a second call, in this process or another, answers 409 meanwhile.
 */

export const LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a link's download is served: under the account's realm, outside the signed-in routes (the token is the key). */
export const ARCHIVE_DOWNLOAD_PATH = '/ov/datos/archivo';

export const archiveDirOf = (dataDir: string) => path.join(dataDir, 'archivos');

interface ArchiveJobContext {
  /** The server's database (not a reading view of it): the notices' settings are kept by it. */
  db: Db;
  /** Where the archive's data is read (routes/heavyCalls.ts heavyReads). */
  reads: Db;
  dataDir: string;
  mailQueue: MailQueue;
  log: FastifyBaseLogger;
}

const running = new Set<Promise<void>>();

/** Settles when every archive in preparation in this process is written (before the database closes). */
export const archivesIdle = async () => {
  await Promise.all([...running]);
};

/** Starts the account's archive in the background; false when one is already in preparation. */
export async function startArchive(context: ArchiveJobContext, account: Account): Promise<boolean> {
  const fileName = `${randomUUID()}.zip`;
  const id = await claimArchive(context.db, account.id, fileName, serverNow());
  if (id === null) return false;
  const work = prepare(context, account, id, fileName)
    .catch(async (error: unknown) => {
      // Never the account's data in the log: the row's id and the failure's kind.
      context.log.error({ archive: id, reason: failureReason(error) }, 'archivo de datos no preparado');
      await markArchiveFailed(context.db, id).catch(() => undefined);
    })
    .finally(() => running.delete(work));
  running.add(work);
  return true;
}

async function prepare(
  { db, reads, dataDir, mailQueue }: ArchiveJobContext,
  account: Account,
  id: number,
  fileName: string,
) {
  const directory = archiveDirOf(dataDir);
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, fileName);
  const { entries, onEntry } = dataArchive(reads, account, serverNow());
  await zipToFile(file, entries, onEntry);
  const { size } = await stat(file);
  const token = randomBytes(32).toString('base64url');
  const readyAt = serverNow();
  const expiresAt = new Date(readyAt.getTime() + LINK_DAYS * DAY_MS);
  const link = `${REALM_PREFIX[account.realm]}${ARCHIVE_DOWNLOAD_PATH}?token=${token}`;
  const mail = await dataArchiveReadyMail(
    db,
    { email: account.email, givenName: account.given_name },
    link,
    expiresAt,
  );
  const queued = await db.transaction().execute(async (trx) => {
    await markArchiveReady(trx, id, {
      bytes: size,
      tokenHash: sha256Token(token),
      readyAt: readyAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return enqueueMail(trx, mail);
  });
  // A message that does not leave now stays queued for the queue's retries.
  await mailQueue.deliver(queued).catch(() => undefined);
}

// By database, as the notices' settings: the day jobs get the database alone, and each server has its DATA_DIR.
const dataDirs = new WeakMap<Db, string>();

/** Called by buildApp: the archives of this database are files under this DATA_DIR. */
export function configureArchives(db: Db, dataDir: string): void {
  dataDirs.set(db, dataDir);
}

/**
 * The daily purge (jobs/runner.ts): expired and failed archives lose their file and their row. Answers how many
 * went; none where no server has said where its files are.
 */
export async function purgeArchives(db: Db, now: Date): Promise<number> {
  const dataDir = dataDirs.get(db);
  if (!dataDir) return 0;
  const gone = await expiredArchives(db, now);
  for (const archive of gone) await rm(path.join(archiveDirOf(dataDir), archive.file_name), { force: true });
  await deleteArchiveRows(
    db,
    gone.map((archive) => archive.id),
  );
  return gone.length;
}
