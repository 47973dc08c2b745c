import type { SelectedProduct } from '@/shared/session/product';
import { FactList } from '@/shared/ui/FactList';
import { LABEL_CONTRACT_NUMBER, LABEL_CUPS, LABEL_LINE } from '../invoicesMessages';

/** Línea, CUPS and Número de contrato of the product whose invoices the screen lists. */
export function ProductFacts({ product }: { product: SelectedProduct }) {
  return (
    <FactList
      facts={[
        { label: LABEL_LINE, value: product.line },
        { label: LABEL_CUPS, value: product.cups },
        { label: LABEL_CONTRACT_NUMBER, value: product.codAbonado },
      ]}
    />
  );
}
