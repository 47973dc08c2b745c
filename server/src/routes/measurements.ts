import { certificateRoutes } from './certificates';
import type { RoutePlugin } from './context';
import { explorerRoutes } from './explorer';
import { sendMeasurementError } from './measurementQueries';
import { telemetryRoutes } from './telemetry';

/**
 * The measurement calls (telemetry, load curve, consumption explorer, certificate) in one scope, so their error body
 * (the text in `error` too, spec 02 §8) is set once for all of them.
 */
export const measurementRoutes: RoutePlugin = async (app, context) => {
  app.setErrorHandler(sendMeasurementError);
  await app.register(telemetryRoutes, context);
  await app.register(certificateRoutes, context);
  await app.register(explorerRoutes, context);
};
