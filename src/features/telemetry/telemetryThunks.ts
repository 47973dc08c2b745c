import { lookUpContract } from '@/shared/session/contractThunks';
import type { RangeValues } from '@/shared/measurement/measurementRange';
import type { AppThunk } from '@/shared/store/appState';
import { telemetryApi } from './telemetryApi';

/**
 * What the telemetry screen asks, in order: the contract (from the session or looked up), then its
 * measurements over the range. The screen's hooks read the same cache entries.
 */
export function loadTelemetry(codAbonado: string, range: RangeValues): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const product = await dispatch(lookUpContract(codAbonado));
    if (!product) return;
    const request = dispatch(
      telemetryApi.endpoints.telemetry.initiate({
        line: product.line,
        cups: product.cups,
        contractCode: product.codAbonado,
        ...range,
      }),
    );
    try {
      await request;
    } finally {
      request.unsubscribe();
    }
  };
}
