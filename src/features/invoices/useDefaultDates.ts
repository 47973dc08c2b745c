import { useEffect } from 'react';
import { useAppDispatch } from '@/shared/store/hooks';
import { filledDates, type RangeRule } from './invoiceSchemas';
import { defaultDatesFound, type InvoiceFilters, type InvoiceScreen } from './invoicesSlice';

/**
 * After the default query answers, Desde and Hasta take the earliest and latest launch dates of its invoices
 * (spec 02 §4), kept within the screen's own window (DECISIONS "Dates the screens fill"). Keyed on the dates'
 * text, so a new answer object with the same dates does nothing.
 */
export function useDefaultDates(
  screen: InvoiceScreen,
  span: { from: string; to: string } | null,
  filters: Pick<InvoiceFilters, 'from' | 'to'>,
  rule: RangeRule,
) {
  const dispatch = useAppDispatch();
  const from = span?.from;
  const to = span?.to;
  const alreadyFilled = Boolean(filters.from || filters.to);
  useEffect(() => {
    if (from && to && !alreadyFilled)
      dispatch(defaultDatesFound({ screen, ...filledDates({ from, to }, rule) }));
  }, [dispatch, screen, from, to, alreadyFilled, rule]);
}
