import type { SelectedProduct } from '@/shared/session/product';
import { LABEL_CONTRACT_NUMBER, LABEL_CUPS, LABEL_LINE } from '../invoicesMessages';

/** Línea, CUPS and Número de contrato of the product whose invoices the screen lists. */
export function ProductFacts({ product }: { product: SelectedProduct }) {
  const facts: [string, string][] = [
    [LABEL_LINE, product.line],
    [LABEL_CUPS, product.cups],
    [LABEL_CONTRACT_NUMBER, product.codAbonado],
  ];
  return (
    <dl className="invoice-product">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
