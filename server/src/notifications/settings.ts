import { readFile } from 'node:fs/promises';

import { runtimeConfigFile, type ServerConfig } from '../config';
import type { Db } from '../db/database';
import { COMPANY } from '../documents/company';

/** What the e-mails need of the server's configuration: where links point, the signing secret, the branding. */
export interface NotificationSettings {
  publicUrl: string;
  secret: Uint8Array;
  runtimeConfigFile: string;
}

// By database: the jobs call the notices with the database alone, and each server (each test's) has its own.
const settingsByDb = new WeakMap<Db, NotificationSettings>();

/** Called by buildApp: the notices sent on this database use this server's configuration. */
export function configureNotifications(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl' | 'jwtSecret' | 'configFile' | 'staticDir'>,
): void {
  settingsByDb.set(db, {
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    runtimeConfigFile: runtimeConfigFile(config),
  });
}

export function settingsOf(db: Db): NotificationSettings {
  const settings = settingsByDb.get(db);
  if (!settings) throw new Error('Avisos sin configurar: buildApp (configureNotifications) no se ha llamado');
  return settings;
}

export interface Branding {
  name: string;
  /** Absolute address of the logo, as a mail program needs it. */
  logoUrl: string;
}

/**
 * The company's name and logo from the runtime configuration (the SPA's config.json, which a deployer edits
 * without rebuilding), read at each run; the demo company's when the file is missing or says nothing.
 */
export async function brandingOf(settings: NotificationSettings): Promise<Branding> {
  let company: { name?: unknown; logo?: unknown } = {};
  try {
    company =
      (JSON.parse(await readFile(settings.runtimeConfigFile, 'utf8')) as { company?: typeof company })
        .company ?? {};
  } catch {
    // No runtime configuration (tests, an API-only deployment): the demo company.
  }
  const name = typeof company.name === 'string' && company.name.trim() ? company.name : COMPANY.name;
  const logo = typeof company.logo === 'string' && company.logo.trim() ? company.logo : '/logo.svg';
  return { name, logoUrl: new URL(logo, `${settings.publicUrl}/`).toString() };
}
