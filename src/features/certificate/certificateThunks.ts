import type { SavedFile } from '@/shared/api/fileDownload';
import { lookUpContract } from '@/shared/session/contractThunks';
import type { RangeValues } from '@/shared/measurement/measurementRange';
import type { AppThunk } from '@/shared/store/appState';
import { certificateApi } from './certificateApi';

/**
 * What Obtener certificado asks, in order: the contract (from the session or looked up), then its certified
 * consumption over the range, saved as a PDF. The saved file, or null when there was none to save.
 */
export function requestCertificate(
  codAbonado: string,
  range: RangeValues,
): AppThunk<Promise<SavedFile | null>> {
  return async (dispatch) => {
    const product = await dispatch(lookUpContract(codAbonado));
    if (!product) return null;
    const request = dispatch(
      certificateApi.endpoints.consumptionCertificate.initiate({
        line: product.line,
        contractCode: product.codAbonado,
        ...range,
      }),
    );
    try {
      const answer = await request;
      return 'data' in answer && answer.data ? answer.data : null;
    } finally {
      // Only the file's name matters, and the screen keeps it: nothing stays in the store.
      request.reset();
    }
  };
}
