import { Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { outcomeOf, useResendEmailVerificationMutation } from './accountApi';
import {
  GO_TO_LOGIN,
  LABELS,
  RESEND_INTRO,
  RESEND_TITLE,
  SEND,
  SENDING,
  withContactHint,
  resendOutcome,
  type ResendOutcome,
} from './accountMessages';
import { contactRequest, initialContactValues, resendSchema, type ContactValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { ContactFields } from './components/ContactFields';

export default function UserValidationResendPage() {
  const [resend, { isLoading }] = useResendEmailVerificationMutation();
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  const [noAnswer, setNoAnswer] = useState(false);

  const submit = async (values: ContactValues) => {
    const result = await resend(contactRequest(values));
    const { status, message } = outcomeOf(result);
    setNoAnswer(status === null);
    setOutcome(status === null ? null : resendOutcome(status, message));
  };

  return (
    <AccountCard title={RESEND_TITLE} backTo={pathTo('login')} narrow>
      <p className="account-card__intro">{RESEND_INTRO}</p>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {withContactHint(outcome.text, getRuntimeConfig().company.customerServicePhone)}
          {outcome.loginLink && (
            <>
              {' '}
              <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
            </>
          )}
        </Notification>
      )}
      <Formik
        initialValues={initialContactValues}
        validationSchema={resendSchema}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
      >
        <SummarizedForm noValidate className="account-form">
          <ContactFields emailLabel={LABELS.email} onToggle={() => setOutcome(null)} />
          <Button type="submit" disabled={isLoading}>
            {isLoading ? SENDING : SEND}
          </Button>
        </SummarizedForm>
      </Formik>
    </AccountCard>
  );
}
