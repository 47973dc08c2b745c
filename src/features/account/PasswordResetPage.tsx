import { Formik } from 'formik';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { outcomeOf, useResendPasswordVerificationMutation } from './accountApi';
import {
  FORGOT_USERNAME,
  LABELS,
  RESET_INTRO,
  RESET_TITLE,
  SEND,
  SENDING,
  resetOutcome,
  type OutcomeMessage,
} from './accountMessages';
import { contactRequest, initialContactValues, resetSchema, type ContactValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { ContactFields } from './components/ContactFields';

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const [send, { isLoading }] = useResendPasswordVerificationMutation();
  const [step, setStep] = useState<1 | 2>(1);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);
  const [noAnswer, setNoAnswer] = useState(false);
  // A link from the user-name e-mail or the login page may prefill the form (spec 01 §2).
  const prefilled: ContactValues = {
    ...initialContactValues,
    isAdministradorFinca: params.get('isAdministradorFinca') === 'true',
    username: params.get('username') ?? '',
    email: params.get('email') ?? '',
  };

  const submit = async (values: ContactValues) => {
    const result = await send(contactRequest(values));
    const { status, code } = outcomeOf(result);
    setNoAnswer(status === null);
    setOutcome(status === null ? null : resetOutcome(status, code));
    if (status === 204) setStep(2);
  };

  return (
    <AccountCard title={RESET_TITLE} backTo={pathTo('login')} narrow>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      {step === 1 && (
        <>
          <p className="account-card__intro">{RESET_INTRO}</p>
          <Formik
            initialValues={prefilled}
            validationSchema={resetSchema}
            validateOnChange={false}
            validateOnBlur
            onSubmit={submit}
          >
            {({ values }) => (
              <SummarizedForm noValidate className="account-form">
                <ContactFields
                  emailLabel={values.isAdministradorFinca ? LABELS.confirmEmail : LABELS.email}
                  onToggle={() => setOutcome(null)}
                />
                <Button type="submit" disabled={isLoading}>
                  {isLoading ? SENDING : SEND}
                </Button>
                <p className="account-links">
                  <Link to={pathTo('recoveryUsername')}>{FORGOT_USERNAME}</Link>
                </p>
              </SummarizedForm>
            )}
          </Formik>
        </>
      )}
    </AccountCard>
  );
}
