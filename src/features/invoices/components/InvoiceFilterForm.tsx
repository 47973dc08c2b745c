import { Formik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import { Button } from '@/shared/ui/Button';
import { FillUntouched } from '@/shared/ui/FillUntouched';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import {
  FILTERS_FORM_LABEL,
  LABEL_CIF,
  LABEL_CONTRACT,
  LABEL_CUPS,
  LABEL_INVOICE_NUMBER,
  SEARCH,
} from '../invoicesMessages';
import { validateDateRange, type RangeRule } from '../invoiceSchemas';
import type { InvoiceFilters } from '../invoicesSlice';

/** What a filter form edits: Desde and Hasta always, and the screen's other filters. */
export type FilterValues<K extends keyof InvoiceFilters> = Pick<InvoiceFilters, K | 'from' | 'to'>;

interface InvoiceFilterFormProps<K extends keyof InvoiceFilters> {
  filters: InvoiceFilters;
  /** The filters this form edits besides the dates; a constant, so the form does not start again each render. */
  names: readonly K[];
  rangeRule: RangeRule;
  onSearch: (values: FilterValues<K>) => void;
  children: ReactNode;
}

/**
 * The filter form of an invoice screen: starts from the screen's stored filters, takes later ones (the default
 * query's dates) only into fields the person has not changed, checks Desde and Hasta with the screen's range rule,
 * and ends with Buscar.
 */
export function InvoiceFilterForm<K extends keyof InvoiceFilters>({
  filters,
  names,
  rangeRule,
  onSearch,
  children,
}: InvoiceFilterFormProps<K>) {
  const initialValues = useMemo(
    () =>
      Object.fromEntries(
        [...names, 'from', 'to'].map((name) => [name, filters[name as keyof InvoiceFilters]]),
      ) as FilterValues<K>,
    [filters, names],
  );
  return (
    <Formik
      initialValues={initialValues}
      validate={(values) => validateDateRange(values, rangeRule)}
      onSubmit={onSearch}
    >
      <SummarizedForm className="invoice-filters" noValidate aria-label={FILTERS_FORM_LABEL}>
        <FillUntouched values={initialValues} />
        {children}
        <div className="invoice-filters__actions">
          <Button type="submit">{SEARCH}</Button>
        </div>
      </SummarizedForm>
    </Formik>
  );
}

const TEXT_FILTER_LABELS = {
  cif: LABEL_CIF,
  contract: LABEL_CONTRACT,
  cups: LABEL_CUPS,
  invoice: LABEL_INVOICE_NUMBER,
} as const;

/** Free-text filters of an invoice screen; they have no rules, so no error line. */
export function TextFilters({
  idPrefix,
  names,
}: {
  idPrefix: string;
  names: readonly (keyof typeof TEXT_FILTER_LABELS)[];
}) {
  return (
    <>
      {names.map((name) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          label={TEXT_FILTER_LABELS[name]}
          errorLine={false}
        />
      ))}
    </>
  );
}
