import { LABEL_FIND_INVOICE } from '../invoicesMessages';

interface FindInvoiceToggleProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Encontrar factura: switches the screen between its filters and the search of one invoice by number. */
export function FindInvoiceToggle({ id, checked, onChange }: FindInvoiceToggleProps) {
  return (
    <div className="field field--checkbox invoice-filters__toggle">
      <input
        id={id}
        type="checkbox"
        className="field__checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{LABEL_FIND_INVOICE}</label>
    </div>
  );
}
