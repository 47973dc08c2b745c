import type { ExplorerView, Granularity } from './explorerTypes';
import {
  COMPARE_LABEL,
  MODE_LEGEND,
  MODE_NAMES,
  SCALE_LEGEND,
  SCALE_NAMES,
  TOOLBAR_LABEL,
} from './loadCurveMessages';

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

/** Escala, Vista and the comparison above the chart; every choice is a new view (a new URL). */
export function ExplorerToolbar({
  view,
  onScale,
  onChange,
}: {
  view: ExplorerView;
  onScale: (granularity: Granularity) => void;
  onChange: (view: ExplorerView) => void;
}) {
  return (
    <div className="explorer-toolbar" role="group" aria-label={TOOLBAR_LABEL}>
      <Segmented legend={SCALE_LEGEND} labels={SCALE_NAMES} chosen={view.granularity} onChoose={onScale} />
      <Segmented
        legend={MODE_LEGEND}
        labels={MODE_NAMES}
        chosen={view.mode}
        onChoose={(mode) => onChange({ ...view, mode })}
      />
      <label className="explorer-toolbar__compare">
        <input
          type="checkbox"
          checked={view.compare}
          onChange={(event) => onChange({ ...view, compare: event.target.checked })}
        />
        <span>{COMPARE_LABEL}</span>
      </label>
    </div>
  );
}
