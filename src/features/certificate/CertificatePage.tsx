import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { MeasurementNoProduct } from '@/shared/measurement/MeasurementNoProduct';
import { MeasurementPage, productFacts } from '@/shared/measurement/MeasurementPage';
import type { RangeValues } from '@/shared/measurement/measurementRange';
import { useAppDispatch } from '@/shared/store/hooks';
import { requestCertificate } from './certificateThunks';
import {
  CERTIFICATE_SAVED,
  CERTIFICATE_TITLE,
  DOWNLOADING,
  GET_CERTIFICATE,
  INTRO,
  NO_CERTIFICATES,
} from './certificateMessages';
import { defaultCertificateRange } from './certificateRange';

/** Certificate state (spec 02 §4): loading, loaded (the PDF saved) or none found. */
type CertificateState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; fileName: string } | { kind: 'none' };

export default function CertificatePage() {
  const { id = '' } = useParams();
  const { product, looking, error } = useContractProduct(id);
  const [initialRange] = useState(defaultCertificateRange);
  const dispatch = useAppDispatch();
  const [state, setState] = useState<CertificateState>({ kind: 'idle' });

  if (!product) return <MeasurementNoProduct title={CERTIFICATE_TITLE} looking={looking} error={error} />;

  const submit = async (values: RangeValues) => {
    setState({ kind: 'loading' });
    const saved = await dispatch(requestCertificate(product.codAbonado, values));
    setState(saved ? { kind: 'loaded', fileName: saved.fileName } : { kind: 'none' });
  };

  return (
    <MeasurementPage
      title={CERTIFICATE_TITLE}
      back={pathTo('home')}
      facts={productFacts(product)}
      intro={<p>{INTRO}</p>}
      idPrefix="certificate"
      initialRange={initialRange}
      submitLabel={GET_CERTIFICATE}
      submitDisabled={state.kind === 'loading'}
      onSubmit={submit}
    >
      {state.kind === 'loading' && <Spinner label={DOWNLOADING} />}
      {state.kind === 'loaded' && (
        <Notification kind="success">{CERTIFICATE_SAVED(state.fileName)}</Notification>
      )}
      {state.kind === 'none' && <Notification kind="info">{NO_CERTIFICATES}</Notification>}
    </MeasurementPage>
  );
}
