import type { AppThunk } from '@/shared/store/appState';
import { contractLookupApi } from './contractLookupApi';
import { productForContract, type SelectedProduct } from './product';

/**
 * The first step of a contract screen's calls: its product from the session when the home stored it, else
 * looked up once by the contract code (the same cache entry useContractProduct reads). Null when the contract
 * is not the user's or the lookup failed.
 */
export function lookUpContract(codAbonado: string): AppThunk<Promise<SelectedProduct | null>> {
  return async (dispatch, getState) => {
    const stored = productForContract(getState(), codAbonado);
    if (stored) return stored;
    const request = dispatch(contractLookupApi.endpoints.contractSupplyPoint.initiate(codAbonado));
    try {
      const { data } = await request;
      return data ? { line: data.line, cups: data.cups, codAbonado: data.codAbonado } : null;
    } finally {
      request.unsubscribe();
    }
  };
}
