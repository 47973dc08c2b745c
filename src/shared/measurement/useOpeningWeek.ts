import { useEffect, useState } from 'react';
import { lastWeekRange, type RangeValues } from './measurementRange';

/**
 * The telemetry and load-curve screens open on the last week on every visit, whatever they showed before:
 * `open` records it in the screen's slice once mounted. Answers that week for the form and, once recorded,
 * the range the slice holds (null until then, so no stale range is ever asked for).
 */
export function useOpeningWeek<Action>(
  stored: { from: string | null; to: string | null },
  dispatch: (action: Action) => unknown,
  open: (range: RangeValues) => Action,
): { initialRange: RangeValues; shown: RangeValues | null } {
  const [initialRange] = useState(lastWeekRange);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    dispatch(open(initialRange));
    setStarted(true);
  }, [dispatch, open, initialRange]);

  const { from, to } = stored;
  return { initialRange, shown: started && from && to ? { from, to } : null };
}
