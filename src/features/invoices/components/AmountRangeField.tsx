import { useFormikContext } from 'formik';
import { formatMoney } from '@/shared/lib/money';
import { Skeleton } from '@/shared/ui/Skeleton';
import { moveAmountRange } from '../amountRange';
import type { PriceLimits } from '../invoicesApi';
import { LABEL_AMOUNT_RANGE, LABEL_MAX, LABEL_MIN } from '../invoicesMessages';

interface AmountValues {
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * Rango importes: two sliders in whole euros between the price limits, bound to Formik's minPrice and
 * maxPrice (null = the limit itself). Moving one past the other pushes it back by 1 € (spec 02 §4).
 */
export function AmountRangeField({
  limits,
  idPrefix,
}: {
  /** Undefined while the limits load: skeletons hold the sliders' place. */
  limits: PriceLimits | undefined;
  idPrefix: string;
}) {
  return (
    <fieldset className="amount-range" aria-busy={!limits}>
      <legend className="field__label">{LABEL_AMOUNT_RANGE}</legend>
      {limits ? (
        <AmountSliders limits={limits} idPrefix={idPrefix} />
      ) : (
        <>
          <div className="amount-range__slider">
            <Skeleton size="field" />
          </div>
          <div className="amount-range__slider">
            <Skeleton size="field" />
          </div>
        </>
      )}
    </fieldset>
  );
}

function AmountSliders({ limits, idPrefix }: { limits: PriceLimits; idPrefix: string }) {
  const { values, setFieldValue } = useFormikContext<AmountValues>();
  const current = { min: values.minPrice ?? limits.min, max: values.maxPrice ?? limits.max };

  const move = (moved: 'min' | 'max', value: number) => {
    const next = moveAmountRange(current, moved, value, limits);
    void setFieldValue('minPrice', next.min, false);
    void setFieldValue('maxPrice', next.max, false);
  };

  const slider = (which: 'min' | 'max', label: string) => {
    const id = `${idPrefix}-${which}-price`;
    return (
      <div className="amount-range__slider">
        <label htmlFor={id} className="amount-range__label">
          {label} <output htmlFor={id}>{formatMoney(current[which])}</output>
        </label>
        <input
          id={id}
          type="range"
          min={limits.min}
          max={limits.max}
          step={1}
          value={current[which]}
          aria-valuetext={formatMoney(current[which])}
          onChange={(event) => move(which, Number(event.target.value))}
        />
      </div>
    );
  };

  return (
    <>
      {slider('min', LABEL_MIN)}
      {slider('max', LABEL_MAX)}
    </>
  );
}
