import type { SelectedProduct } from '@/shared/session/product';
import { FactList } from '@/shared/ui/FactList';
import { LABEL_CONTRACT_NUMBER, LABEL_CUPS, LABEL_LINE } from '../invoicesMessages';

/**
 * Línea, CUPS and Número de contrato of the product whose invoices the screen lists. While the contract is being
 * looked up the same band stands with blank values, so the screen below it does not move when the answer comes.
 */
export function ProductFacts({ product }: { product: SelectedProduct | undefined }) {
  return (
    <FactList
      busy={!product}
      facts={[
        { label: LABEL_LINE, value: product?.line ?? '' },
        { label: LABEL_CUPS, value: product?.cups ?? '' },
        { label: LABEL_CONTRACT_NUMBER, value: product?.codAbonado ?? '' },
      ]}
    />
  );
}
