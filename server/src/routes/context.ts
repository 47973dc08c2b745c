import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { Realm } from '../auth/realm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { MailQueue } from '../mail/queue';

/** What every route plugin receives: it is registered once per realm, under that realm's prefix. */
export interface RouteContext {
  realm: Realm;
  db: Db;
  config: ServerConfig;
  /** One per app, shared by both realms: account e-mails leave through it. */
  mailQueue: MailQueue;
}

/** A route plugin: its routes' JSON schemas (TypeBox) are also the types of their requests and answers. */
export type RoutePlugin = FastifyPluginAsyncTypebox<RouteContext>;
