import { Skeleton } from '@/shared/ui/Skeleton';

/**
 * The latest invoice's shapes, in its own elements and classes, so the card is as tall before the answer as after
 * it at every width (no layout shift when it arrives). One skeleton speaks; the others are decoration.
 */
export function LatestInvoiceSkeleton() {
  return (
    <>
      <p className="summary-card__figure">
        <Skeleton size="figure" />
      </p>
      <dl className="summary-card__facts" aria-hidden="true">
        {['date', 'contract'].map((fact) => (
          <div key={fact}>
            <dt>
              <Skeleton silent />
            </dt>
            <dd>
              <Skeleton silent />
            </dd>
          </div>
        ))}
      </dl>
      <Skeleton size="button" silent />
      {/* The line of the link to the bill explained, which most invoices have. */}
      <p className="summary-card__link" aria-hidden="true">
        <Skeleton silent />
      </p>
    </>
  );
}
