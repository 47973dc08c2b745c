import type { FastifyPluginAsync } from 'fastify';

import { passwordChangeRoutes, passwordRoutes } from './account/passwords';
import { recoveryRoutes } from './account/recovery';
import { signupRoutes } from './account/signup';
import type { RouteContext } from './context';
import { certificateRoutes } from './certificates';
import { contractRoutes } from './contracts';
import { cupsRoutes } from './cups';
import { invoiceExportRoutes } from './invoiceExports';
import { invoiceRoutes } from './invoices';
import { issueRoutes } from './issues';
import { productInvoiceRoutes } from './productInvoices';
import { telemetryRoutes } from './telemetry';
import { userRoutes } from './user';

/** Each resource is one plugin; adding one is one line here. */
export const routePlugins: FastifyPluginAsync<RouteContext>[] = [
  userRoutes,
  signupRoutes,
  recoveryRoutes,
  passwordRoutes,
  passwordChangeRoutes,
  cupsRoutes,
  contractRoutes,
  issueRoutes,
  telemetryRoutes,
  certificateRoutes,
  invoiceRoutes,
  invoiceExportRoutes,
  productInvoiceRoutes,
];
