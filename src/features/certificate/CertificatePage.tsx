import { Form, Formik } from 'formik';
import { useState } from 'react';
import { shallowEqual, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { productForContract, type StateWithProducts } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { FactList } from '@/shared/ui/FactList';
import { DateFormikField } from '@/shared/ui/DateField';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { useConsumptionCertificateMutation } from './certificateApi';
import {
  CONTRACT_LABEL,
  CUPS_LABEL,
  FROM_LABEL,
  LINE_LABEL,
  NO_HOLDER_DATA,
  TO_LABEL,
} from '@/shared/measurement/measurementMessages';
import { validateMeasurementRange, type RangeValues } from '@/shared/measurement/measurementRange';
import {
  BACK,
  CERTIFICATE_SAVED,
  CERTIFICATE_TITLE,
  DOWNLOADING,
  GET_CERTIFICATE,
  INTRO,
  NO_CERTIFICATES,
} from './certificateMessages';
import { defaultCertificateRange } from './certificateRange';
import './certificate.css';

/** Certificate state (spec 02 §4): loading, loaded (the PDF saved) or none found. */
type CertificateState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; fileName: string } | { kind: 'none' };

export default function CertificatePage() {
  const { id = '' } = useParams();
  const product = useSelector((state: StateWithProducts) => productForContract(state, id), shallowEqual);
  const [initialRange] = useState(defaultCertificateRange);
  const [requestCertificate] = useConsumptionCertificateMutation();
  const [state, setState] = useState<CertificateState>({ kind: 'idle' });

  if (!product) {
    return (
      <section className="page certificate" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          {CERTIFICATE_TITLE}
        </h1>
        <Notification kind="info">{NO_HOLDER_DATA}</Notification>
        <p>
          <Link to={pathTo('home')}>{BACK}</Link>
        </p>
      </section>
    );
  }

  const submit = async (values: RangeValues) => {
    setState({ kind: 'loading' });
    const answer = await requestCertificate({
      line: product.line,
      contractCode: product.codAbonado,
      ...values,
    });
    setState(
      'data' in answer && answer.data ? { kind: 'loaded', fileName: answer.data.fileName } : { kind: 'none' },
    );
  };

  return (
    <section className="page certificate" aria-labelledby="page-title">
      <p className="certificate__links">
        <Link to={pathTo('home')}>{BACK}</Link>
      </p>
      <h1 id="page-title" className="page__title">
        {CERTIFICATE_TITLE}
      </h1>
      <FactList
        facts={[
          { label: LINE_LABEL, value: product.line },
          { label: CUPS_LABEL, value: product.cups },
          { label: CONTRACT_LABEL, value: product.codAbonado },
        ]}
      />
      <p>{INTRO}</p>
      <Formik
        initialValues={initialRange}
        validate={(values) => validateMeasurementRange(values)}
        onSubmit={submit}
      >
        <Form noValidate className="certificate__form">
          <DateFormikField name="from" id="certificate-from" label={FROM_LABEL} />
          <DateFormikField name="to" id="certificate-to" label={TO_LABEL} />
          <div className="certificate__actions">
            <Button type="submit" disabled={state.kind === 'loading'}>
              {GET_CERTIFICATE}
            </Button>
          </div>
        </Form>
      </Formik>
      {state.kind === 'loading' && <Spinner label={DOWNLOADING} />}
      {state.kind === 'loaded' && (
        <Notification kind="success">{CERTIFICATE_SAVED(state.fileName)}</Notification>
      )}
      {state.kind === 'none' && <Notification kind="info">{NO_CERTIFICATES}</Notification>}
    </section>
  );
}
