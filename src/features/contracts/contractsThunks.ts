import { endSession } from '@/shared/api/baseApi';
import type { AppThunk } from '@/shared/store/appState';
import { contractsApi, isPagedLoad, type CupsMeAnswer, type CupsMeArgs } from './contractsApi';
import {
  contractsListOf,
  cupsListOf,
  isEmptyAnswer,
  sessionTotalsOf,
  supplyPointsOf,
} from './contractsModel';
import {
  contractsLoaded,
  cupsLoaded,
  cupsRequested,
  totalsChanged,
  unicasInvoicesChecked,
} from './contractsSlice';

type HomeThunk<R = void> = AppThunk<Promise<R>>;

export const EMPTY_FIRST_LOAD_EVENT = 'cupsMe.primeraCargaVacia';

/**
 * Spec 01 §4 Home: a session marked as leaving is closed and the user goes to /login. (Without a token the
 * route guard has already sent the user to /login.)
 */
export function leaveIfSessionEnding(): HomeThunk<boolean> {
  return async (dispatch, getState) => {
    if (!getState().auth.isLeaving) return false;
    await dispatch(endSession('markedLeaving'));
    return true;
  };
}

/**
 * Records a cupsMe answer in the session. The very first load this browser makes that comes back empty is
 * logged to the server and ends the session (debug log, logout with 401, /login, reload, isLeaving — spec 01
 * §4); later empty loads just show the empty text. The CUPS list and the header totals come only from
 * unfiltered loads, so a filter never shrinks them, and the CUPS list only from the first pages' load.
 */
export function productsAnswered(args: CupsMeArgs, answer: CupsMeAnswer): HomeThunk {
  return async (dispatch, getState) => {
    const isFirstLoad = getState().contracts.cupsRequestCount === 0;
    dispatch(cupsRequested());
    if (isFirstLoad && isEmptyAnswer(answer)) {
      const log = dispatch(
        contractsApi.endpoints.createDebugLog.initiate({
          event: EMPTY_FIRST_LOAD_EVENT,
          details: { cupsRequestCount: 1, totalElectricidad: 0, totalGas: 0 },
        }),
      );
      await log;
      log.reset();
      await dispatch(endSession('emptyFirstLoad'));
      return;
    }
    dispatch(contractsLoaded(contractsListOf(answer)));
    if (args.cups.trim() || args.contract.trim()) return;
    // A paged answer lists only its rows' supply points: the whole list comes with the first pages.
    if (!isPagedLoad(args)) dispatch(cupsLoaded(cupsListOf(supplyPointsOf(answer))));
    dispatch(totalsChanged(sessionTotalsOf(answer)));
  };
}

/** hasUnicasInvoices: any unified invoice of either line; a failed call counts as none. */
export function checkUnicasInvoices(): HomeThunk {
  return async (dispatch) => {
    const call = dispatch(
      contractsApi.endpoints.unicaInvoicesAssociate.initiate(undefined, { subscribe: false }),
    );
    const result = await call;
    const counts = result.data?.FacturasUnicas;
    const total = Number(counts?.Electricidad ?? 0) + Number(counts?.Gas ?? 0);
    dispatch(unicasInvoicesChecked(!result.error && Number.isFinite(total) && total > 0));
  };
}
