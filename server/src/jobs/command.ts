/**
 * `npm run jobs -- --until YYYY-MM-DD`: what POST /dev/clock {"to"} does, from the command line, on the
 * configured database (DATABASE_URL or DATA_DIR): moves the shared clock to 08:00 of that day, runs every job
 * that fell due on the way, in order, sends their mail, and prints what they wrote. Without --until it runs
 * what is due now (a catch-up).
 */
import Fastify from 'fastify';

import { serverNow, setClockOffsetMs } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { readClockOffset } from '../data/serverClock';
import { createDatabase } from '../db/database';
import { prepareDatabase } from '../db/startup';
import { loggerOptions } from '../http/logging';
import { createMailer } from '../mail/mailer';
import { createMailQueue } from '../mail/queue';
import { parseDashDate, toDashDate } from '../measurements/dates';
import { advanceClock, landingOf, MAX_CLOCK_DAYS } from './advance';
import { createJobRunner } from './runner';

async function main(): Promise<number> {
  const at = process.argv.indexOf('--until');
  const until = at >= 0 ? process.argv[at + 1] : undefined;
  const day = until && /^\d{4}-\d{2}-\d{2}$/.test(until) ? parseDashDate(toDashDate(until)) : null;
  if (at >= 0 && !day) {
    console.error('Uso: npm run jobs -- --until AAAA-MM-DD');
    return 2;
  }
  const loaded = loadConfig();
  const db = createDatabase(loaded);
  try {
    const { jwtSecret } = await prepareDatabase(db, loaded);
    const config = { ...loaded, jwtSecret };
    const log = Fastify({ logger: loggerOptions(config) }).log;
    setClockOffsetMs(await readClockOffset(db));
    const landing = day ? landingOf(day) : null;
    if (landing === 'out-of-range') {
      console.error(`La fecha debe estar entre hoy y ${MAX_CLOCK_DAYS} días después.`);
      return 2;
    }
    const runner = createJobRunner(db, log);
    const ran = await advanceClock(runner, createMailQueue(db, createMailer(config), log), landing);
    console.log(JSON.stringify({ now: serverNow().toISOString(), ran }));
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuración no válida: ${error.message}` : error);
    process.exit(1);
  },
);
