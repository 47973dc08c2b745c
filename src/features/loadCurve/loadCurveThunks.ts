import type { AppThunk } from '@/shared/store/appState';
import { explorerApi } from './explorerApi';
import type { ExplorerArgs, ExplorerView } from './explorerTypes';
import { loadCurveApi, type CurvesArgs } from './loadCurveApi';
import { viewSettled } from './loadCurveSlice';

interface CurveContract {
  cups: string;
  contractCode: string;
}

/**
 * The calls a view makes. The opening view (hourly energy, no comparison) is the spec's chart from /curvas with
 * its default query (spec 02 §4), and under it only the explorer's totals, asked by day: the same sums are 365
 * buckets where the hours would be 8,760 more to fetch, parse and keep beside the spec's own.
 */
export function explorerCalls(
  contract: CurveContract,
  view: ExplorerView,
  isDefaultQuery: boolean,
): { curves: CurvesArgs | null; explore: ExplorerArgs } {
  const specView = view.granularity === 'hour' && view.mode === 'energy' && !view.compare;
  const range = { from: view.from, to: view.to };
  return {
    curves: specView ? { ...contract, ...range, defaultQuery: isDefaultQuery } : null,
    explore: {
      ...contract,
      ...range,
      granularity: specView ? 'day' : view.granularity,
      compare: view.compare,
    },
  };
}

/**
 * Asks what the explorer's current view needs and records when it has answered. The components read the same
 * cache entries through their hooks; this settles the slice's status for the revision it was started for, so a
 * late answer of a view already left behind changes nothing.
 */
export function loadExplorerView(contract: CurveContract): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { view, isDefaultQuery, revision } = getState().loadCurve;
    const calls = explorerCalls(contract, view, isDefaultQuery);
    const requests = [
      dispatch(explorerApi.endpoints.explore.initiate(calls.explore)),
      ...(calls.curves ? [dispatch(loadCurveApi.endpoints.curves.initiate(calls.curves))] : []),
    ];
    const answers = await Promise.all(requests);
    requests.forEach((request) => request.unsubscribe());
    dispatch(viewSettled({ revision, ok: answers.every((answer) => !answer.isError) }));
  };
}
