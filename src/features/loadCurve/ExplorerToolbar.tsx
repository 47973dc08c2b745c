import { useAppDispatch } from '@/shared/store/hooks';
import type { ExplorerView } from './explorerTypes';
import {
  COMPARE_LABEL,
  MODE_LEGEND,
  MODE_NAMES,
  SCALE_LEGEND,
  SCALE_NAMES,
  TOOLBAR_LABEL,
} from './loadCurveMessages';
import { comparisonSet, modeChosen, scaleChosen } from './loadCurveSlice';

/**
 * A row of native radios drawn as segmented buttons, one per entry of `labels` in its order: arrow keys move
 * within it, Tab leaves it.
 */
function Segmented<Value extends string>({
  legend,
  labels,
  chosen,
  onChoose,
}: {
  legend: string;
  labels: Record<Value, string>;
  chosen: Value;
  onChoose: (value: Value) => void;
}) {
  return (
    <fieldset className="explorer-toolbar__group">
      <legend className="explorer-toolbar__legend">{legend}</legend>
      <div className="explorer-toolbar__segments">
        {(Object.keys(labels) as Value[]).map((value) => (
          <label key={value} className="explorer-toolbar__segment">
            <input
              type="radio"
              name={`explorer-${legend}`}
              value={value}
              checked={value === chosen}
              onChange={() => onChoose(value)}
            />
            <span>{labels[value]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Escala, Vista and the comparison above the chart. Every choice is an action on the view the store holds, not a
 * new view built from this render's, so a second choice made before the first has redrawn keeps both.
 */
export function ExplorerToolbar({ view }: { view: ExplorerView }) {
  const dispatch = useAppDispatch();
  return (
    <div className="explorer-toolbar" role="group" aria-label={TOOLBAR_LABEL}>
      <Segmented
        legend={SCALE_LEGEND}
        labels={SCALE_NAMES}
        chosen={view.granularity}
        onChoose={(scale) => dispatch(scaleChosen(scale))}
      />
      <Segmented
        legend={MODE_LEGEND}
        labels={MODE_NAMES}
        chosen={view.mode}
        onChoose={(mode) => dispatch(modeChosen(mode))}
      />
      <label className="explorer-toolbar__compare">
        <input
          type="checkbox"
          checked={view.compare}
          onChange={(event) => dispatch(comparisonSet(event.target.checked))}
        />
        <span>{COMPARE_LABEL}</span>
      </label>
    </div>
  );
}
