import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { FactList } from '@/shared/ui/FactList';
import { Page } from '@/shared/ui/Page';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import {
  READING_CONTRACT,
  READING_CUPS,
  READING_INTRO,
  READING_LINE,
  READING_LOAD_FAILED,
  READING_PRODUCT_NOT_FOUND,
  READING_TARIFF,
  READING_TITLE,
} from './readingsMessages';
import { ReadingForm } from './ReadingForm';
import { readingFieldsFor } from './readingsSchemas';
import './readings.css';

export default function ReadingInputPage() {
  const { id = '' } = useParams();
  const { product, supplyPoint: point, looking, error } = useContractProduct(id);
  const line = point?.line ?? product?.line;
  const fields = useMemo(
    () => (line ? readingFieldsFor(line, point?.accessFee?.fee) : []),
    [line, point?.accessFee?.fee],
  );

  return (
    <Page className="reading" title={READING_TITLE} back={pathTo('home')}>
      {looking && <Spinner />}
      {error && (
        <Notification kind="error">
          {READING_LOAD_FAILED} {describeApiError(error)}
        </Notification>
      )}
      {!point && !looking && !error && <Notification kind="error">{READING_PRODUCT_NOT_FOUND}</Notification>}
      {point && line && (
        <>
          <FactList
            facts={[
              { label: READING_LINE, value: line },
              { label: READING_CUPS, value: product?.cups ?? point.cups },
              { label: READING_CONTRACT, value: product?.codAbonado ?? point.codAbonado },
              ...(point.accessFee?.fee !== undefined
                ? [{ label: READING_TARIFF, value: String(point.accessFee.fee) }]
                : []),
            ]}
          />
          <p>{READING_INTRO}</p>
          <ReadingForm key={id} fields={fields} />
        </>
      )}
    </Page>
  );
}
