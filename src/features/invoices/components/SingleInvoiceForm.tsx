import { Formik } from 'formik';
import { Button } from '@/shared/ui/Button';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import { LABEL_FIND_INVOICE, LABEL_INVOICE_NUMBER, SEARCH } from '../invoicesMessages';

interface SingleInvoiceFormProps {
  idPrefix: string;
  /** The number searched last, null when none. */
  invoice: string | null;
  onSearch: (invoice: string) => void;
}

/** Encontrar factura: one invoice by its number; a blank number searches nothing. */
export function SingleInvoiceForm({ idPrefix, invoice, onSearch }: SingleInvoiceFormProps) {
  return (
    <Formik
      initialValues={{ invoice: invoice ?? '' }}
      onSubmit={(values) => {
        if (values.invoice.trim()) onSearch(values.invoice.trim());
      }}
    >
      <SummarizedForm className="invoice-filters invoice-filters--single" aria-label={LABEL_FIND_INVOICE}>
        <TextField
          id={`${idPrefix}-single-invoice`}
          name="invoice"
          label={LABEL_INVOICE_NUMBER}
          errorLine={false}
        />
        <div className="invoice-filters__actions">
          <Button type="submit">{SEARCH}</Button>
        </div>
      </SummarizedForm>
    </Formik>
  );
}
