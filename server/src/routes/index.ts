import type { FastifyPluginAsync } from 'fastify';

import { createRequireAuth } from '../auth/requireAuth';
import { readingCall } from '../data/accessRecords';

import { passwordChangeRoutes, passwordRoutes } from './account/passwords';
import { recoveryRoutes } from './account/recovery';
import { signupRoutes } from './account/signup';
import { billExplainerRoutes } from './billExplainer';
import { attentionRoutes } from './attention';
import type { RouteContext, RoutePlugin } from './context';
import { accessRecordRoutes } from './accessRecords';
import { contractRoutes } from './contracts';
import { dataArchiveLinkRoutes, dataArchiveRoutes } from './dataArchive';
import { cupsRoutes } from './cups';
import { homeRoutes } from './home';
import { invoiceExportRoutes } from './invoiceExports';
import { invoiceRoutes } from './invoices';
import { issueRoutes } from './issues';
import { measurementRoutes } from './measurements';
import { notificationRoutes } from './notifications';
import { permissionRoutes } from './permissions';
import { productInvoiceRoutes } from './productInvoices';
import { profileRoutes, userRoutes } from './user';
import { simulatorRoutes } from './simulator';

/** The routes anyone may call: sign-in and sign-out, and the account flows of a guest. */
const guestRoutes: RoutePlugin[] = [
  userRoutes,
  signupRoutes,
  recoveryRoutes,
  passwordRoutes,
  dataArchiveLinkRoutes,
];

/** Every other route needs a live session of the realm; a new resource is one line here. */
const signedInRoutes: RoutePlugin[] = [
  profileRoutes,
  passwordChangeRoutes,
  cupsRoutes,
  contractRoutes,
  homeRoutes,
  issueRoutes,
  measurementRoutes,
  invoiceRoutes,
  invoiceExportRoutes,
  productInvoiceRoutes,
  notificationRoutes,
  billExplainerRoutes,
  dataArchiveRoutes,
  accessRecordRoutes,
  permissionRoutes,
  simulatorRoutes,
];

/**
 * The staff's realm (issue 27): sign-in and sign-out, their profile and the attention desk; no sign-up, no
 * recovery by customer data, none of the customers' resources.
 */
const staffGuestRoutes: RoutePlugin[] = [userRoutes];
const staffRoutes: RoutePlugin[] = [profileRoutes, attentionRoutes];

/**
 * One realm's API. The signed-in routes share one encapsulated scope whose onRequest hook checks the session
 * before anything else, before the input is parsed and validated, so a caller without a live session learns
 * nothing about a route's input rules and every signed-in route answers a dead session with the same 401.
 */
export const realmRoutes =
  (context: RouteContext): FastifyPluginAsync =>
  async (app) => {
    const staff = context.realm === 'atencion';
    for (const plugin of staff ? staffGuestRoutes : guestRoutes) await app.register(plugin, context);
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', createRequireAuth(context.realm, context.db, context.config.jwtSecret));
      // Who reads which supply's data is recorded where the supply is found (data/accessRecords.ts): every
      // signed-in call runs in a context that says which call it is (its route, never its query string).
      signedIn.addHook('onRequest', (request, _reply, done) =>
        readingCall(
          request.routeOptions.url ?? '',
          request.method,
          (request.query as { output?: unknown }).output,
          done,
        ),
      );
      for (const plugin of staff ? staffRoutes : signedInRoutes) await signedIn.register(plugin, context);
    });
  };
