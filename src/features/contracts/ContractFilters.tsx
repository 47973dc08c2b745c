import type { RefObject } from 'react';
import { FieldFrame } from '@/shared/ui/FieldFrame';
import { FILTERS_HINT, FILTERS_LABEL, FILTER_CONTRACT, FILTER_CUPS } from './contractsMessages';

export interface Filters {
  contract: string;
  cups: string;
}

const FIELDS = [
  { name: 'contract', id: 'filter-contract', label: FILTER_CONTRACT, maxLength: 20, numeric: true },
  { name: 'cups', id: 'filter-cups', label: FILTER_CUPS, maxLength: 30, numeric: false },
] as const;

interface ContractFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The contract filter, where the focus goes back when the filters are cleared. */
  contractRef: RefObject<HTMLInputElement | null>;
}

/**
 * Contrato and CUPS above the home tables: each keystroke changes the filters, the search waits for a pause
 * (spec 01 §9); nothing to submit.
 */
export function ContractFilters({ filters, onChange, contractRef }: ContractFiltersProps) {
  return (
    // A search landmark without a form: there is nothing to submit, so no form that browsers expect a button in.
    <div className="home__filters" role="search" aria-label={FILTERS_LABEL}>
      {FIELDS.map(({ name, id, label, maxLength, numeric }) => (
        <FieldFrame key={name} id={id} label={label} error={undefined} errorLine={false}>
          <input
            ref={name === 'contract' ? contractRef : undefined}
            id={id}
            type="text"
            className="field__input"
            inputMode={numeric ? 'numeric' : undefined}
            autoComplete="off"
            maxLength={maxLength}
            value={filters[name]}
            aria-describedby="filters-hint"
            onChange={(event) => onChange({ ...filters, [name]: event.target.value })}
          />
        </FieldFrame>
      ))}
      <p id="filters-hint" className="home__hint">
        {FILTERS_HINT}
      </p>
    </div>
  );
}
