import { useState, type ReactNode } from 'react';
import { Button } from '@/shared/ui/Button';
import { activeFiltersText, FILTER_BUTTON, NO_ACTIVE_FILTERS } from '../invoicesMessages';

/**
 * A screen's filters, folded on a phone behind Filtrar beside what the list is filtered by, so the list starts
 * within the first screen (issue 24 "Phones"). Wider screens show the filters and no button (invoices.css).
 * The form stays mounted while folded: what was typed is kept.
 */
export function FilterFold({ id, active, children }: { id: string; active: string[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={open ? 'filter-fold filter-fold--open' : 'filter-fold'}>
      <div className="filter-fold__bar">
        <Button
          variant="secondary"
          className="filter-fold__button"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen((shown) => !shown)}
        >
          {FILTER_BUTTON}
        </Button>
        <p className="filter-fold__active">{active.length ? activeFiltersText(active) : NO_ACTIVE_FILTERS}</p>
      </div>
      <div id={`${id}-filters`} className="filter-fold__body">
        {children}
      </div>
    </div>
  );
}
