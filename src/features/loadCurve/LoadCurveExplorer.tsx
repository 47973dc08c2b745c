import type { Options } from 'highcharts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { formatListDate } from '@/shared/lib/dates';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { useFocusWhenSettled } from '@/shared/ui/useFocusWhenSettled';
import { useAppDispatch } from '@/shared/store/hooks';
import { MeasurementChart } from '@/shared/measurement/MeasurementChart';
import { ChartFigure } from '@/shared/ui/ChartFigure';
import { ExplorerDetails } from './ExplorerDetails';
import { bucketLabel } from './explorerFormat';
import { ExplorerToolbar } from './ExplorerToolbar';
import { buildExplorerChartOptions } from './explorerChart';
import type { ExplorerAnswer, ExplorerView } from './explorerTypes';
import { drillUp } from './explorerView';
import { drilledDown, drilledUp, tableSet } from './loadCurveSlice';
import {
  BUCKET_HEADER,
  CHART_DESCRIPTION,
  drillLabel,
  EXPLORER_CHART_DESCRIPTION,
  LOADING,
  NO_MEASUREMENTS,
  shownRange,
  UP_LABELS,
} from './loadCurveMessages';

/** What one call gave: still loading, an error text, or its data (empty or not). */
export interface Answer<Data> {
  loading: boolean;
  error: string | null;
  data: Data | undefined;
}

interface ExplorerProps {
  view: ExplorerView;
  /** The spec's hourly line chart (spec 02 §2.7) for the opening view, from /curvas; null in the other views. */
  specChart: Answer<{ options: Options; from?: string; to?: string; empty: boolean }> | null;
  explored: Answer<ExplorerAnswer>;
}

/**
 * The explorer under the form: the toolbar, "Subir", the chart (or its table, kept in the URL) and what the
 * range holds under it. The opening view keeps the spec's line chart; every other view draws the explorer call.
 */
export function LoadCurveExplorer({ view, specChart, explored }: ExplorerProps) {
  const dispatch = useAppDispatch();
  const answer = explored.data;
  const up = drillUp(view);
  // Down or up a level, the button used is gone: the focus goes to the new answer once it is in.
  const answerRef = useRef<HTMLDivElement>(null);
  const [moves, setMoves] = useState(0);
  const move = useCallback(
    (action: ReturnType<typeof drilledDown> | ReturnType<typeof drilledUp>) => {
      setMoves((count) => count + 1);
      dispatch(action);
    },
    [dispatch],
  );
  // A bar's click (and Highcharts' Enter on a focused point) or a table row's button opens its bucket.
  const canDrill = view.granularity !== 'hour' && view.mode !== 'power';
  const drill = useMemo(
    () => (canDrill ? (date: string) => move(drilledDown(date)) : undefined),
    [canDrill, move],
  );
  // The explorer draws its own chart only where the spec's does not stand.
  const ownChart = !specChart;
  const options = useMemo(
    () => (answer && ownChart ? buildExplorerChartOptions(answer, view, drill) : null),
    [answer, view, drill, ownChart],
  );
  // A table row's x is its instant on the time axis: the bucket that starts there.
  const drillRow = (x: number) => {
    const date = answer?.series.date[answer.series.start.indexOf(x)];
    if (date) drill?.(date);
  };
  const timeLabel = useCallback((time: number) => (answer ? bucketLabel(answer, time) : ''), [answer]);
  const shown = specChart ?? {
    ...explored,
    data: answer && { from: answer.from, to: answer.to, empty: answer.totals.hours === 0 },
  };
  useFocusWhenSettled(moves, shown.loading, () => answerRef.current);
  const table = { shown: view.table, onToggle: (on: boolean) => dispatch(tableSet(on)) };

  return (
    <>
      <ExplorerToolbar view={view} />
      {up && (
        <Button variant="secondary" className="load-curve__up" onClick={() => move(drilledUp())}>
          {UP_LABELS[up.granularity as keyof typeof UP_LABELS]}
        </Button>
      )}
      <div ref={answerRef} className="load-curve__answer" tabIndex={-1}>
        {shown.loading ? (
          <div className="load-curve__loading">
            <Spinner label={LOADING} />
          </div>
        ) : shown.error ? (
          <Notification kind="error">{shown.error}</Notification>
        ) : !shown.data || shown.data.empty ? (
          <Notification kind="info">{NO_MEASUREMENTS}</Notification>
        ) : (
          <>
            {shown.data.from && shown.data.to && (
              <p className="load-curve__range">
                {shownRange(formatListDate(shown.data.from), formatListDate(shown.data.to))}
              </p>
            )}
            {specChart?.data ? (
              <MeasurementChart
                id="load-curve-chart"
                options={specChart.data.options}
                ariaLabel={CHART_DESCRIPTION}
                loadingLabel={LOADING}
                table={table}
              />
            ) : (
              options &&
              answer && (
                <ChartFigure
                  id="load-curve-explorer"
                  options={options}
                  ariaLabel={EXPLORER_CHART_DESCRIPTION}
                  loadingLabel={LOADING}
                  table={table}
                  period={{ from: formatListDate(answer.from), to: formatListDate(answer.to) }}
                  rowAction={drill ? { label: drillLabel, run: drillRow } : undefined}
                  rowHeader={view.granularity === 'hour' ? undefined : BUCKET_HEADER}
                  timeLabel={timeLabel}
                />
              )
            )}
          </>
        )}
        {specChart && explored.error && !shown.error && (
          <Notification kind="error">{explored.error}</Notification>
        )}
        {answer && !explored.loading && answer.totals.hours > 0 && !shown.error && (
          <ExplorerDetails answer={answer} mode={view.mode} />
        )}
      </div>
    </>
  );
}
