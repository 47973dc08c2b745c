import type { PriceLimits } from './invoicesApi';

export interface AmountRangeValue {
  min: number;
  max: number;
}

const clamp = (value: number, limits: PriceLimits) => Math.min(limits.max, Math.max(limits.min, value));

/**
 * The two sliders keep the minimum below the maximum (spec 02 §4): a minimum that reaches the maximum becomes
 * maximum - 1; a maximum that falls to the minimum becomes minimum + 1.
 */
export function moveAmountRange(
  current: AmountRangeValue,
  moved: 'min' | 'max',
  value: number,
  limits: PriceLimits,
): AmountRangeValue {
  if (moved === 'min') {
    const min = clamp(value, limits);
    return min >= current.max ? { min: current.max - 1, max: current.max } : { min, max: current.max };
  }
  const max = clamp(value, limits);
  return max <= current.min ? { min: current.min, max: current.min + 1 } : { min: current.min, max };
}
