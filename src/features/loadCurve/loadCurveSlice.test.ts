import { defaultView } from './explorerView';
import {
  comparisonSet,
  explorerOpened,
  initialLoadCurveState,
  loadCurveSlice,
  rangeChosen,
  scaleChosen,
  tableSet,
  viewSettled,
  type LoadCurveState,
} from './loadCurveSlice';

const reduce = (state: LoadCurveState, ...actions: Parameters<typeof loadCurveSlice.reducer>[1][]) =>
  actions.reduce(loadCurveSlice.reducer, state);

const opened = reduce(initialLoadCurveState, explorerOpened({ view: defaultView(), isDefaultQuery: true }));

describe('loadCurveSlice', () => {
  it('starts idle and loads the view the URL opened', () => {
    expect(initialLoadCurveState.status).toBe('idle');
    expect(opened.status).toBe('loading');
    expect(opened.revision).toBe(initialLoadCurveState.revision + 1);
  });

  it('applies each change to the view it holds, so two quick changes both stay', () => {
    const state = reduce(opened, scaleChosen('day'), comparisonSet(true));
    expect(state.view.granularity).toBe('day');
    expect(state.view.compare).toBe(true);
    expect(state.revision).toBe(opened.revision + 2);
    expect(state.isDefaultQuery).toBe(true);
  });

  it('settles only the revision asked last: an earlier view answering late leaves it loading', () => {
    const first = reduce(opened, scaleChosen('day'));
    const second = reduce(first, comparisonSet(true));
    expect(reduce(second, viewSettled({ revision: first.revision, ok: true })).status).toBe('loading');
    expect(reduce(second, viewSettled({ revision: second.revision, ok: false })).status).toBe('error');
    expect(reduce(second, viewSettled({ revision: second.revision, ok: true })).status).toBe('ready');
  });

  it('a chosen range leaves the default query; the table alone asks nothing again', () => {
    const ranged = reduce(opened, rangeChosen({ from: '2026-02-01', to: '2026-02-28' }));
    expect(ranged.isDefaultQuery).toBe(false);
    expect(ranged.view).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    const ready = reduce(ranged, viewSettled({ revision: ranged.revision, ok: true }));
    const table = reduce(ready, tableSet(true));
    expect(table.view.table).toBe(true);
    expect(table.revision).toBe(ready.revision);
    expect(table.status).toBe('ready');
  });
});
