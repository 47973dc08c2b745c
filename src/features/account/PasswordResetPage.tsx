import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
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
import { initialContactValues, resetSchema, type ContactValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { AdminModeCheckbox } from './components/AdminModeCheckbox';

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
    const admin = values.isAdministradorFinca;
    const result = await send({
      admin,
      body: {
        username: values.username.trim(),
        email: values.email.trim(),
        telefono: admin ? '0' : values.telephone.trim(),
      },
    });
    const { status, code } = outcomeOf(result);
    setNoAnswer(status === null);
    setOutcome(status === null ? null : resetOutcome(status, code));
    if (status === 204) setStep(2);
  };

  return (
    <AccountCard title={RESET_TITLE} backTo={pathTo('login')} narrow>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && <Notification kind={outcome.kind}>{outcome.text}</Notification>}
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
              <Form noValidate className="account-form">
                <AdminModeCheckbox initialValues={initialContactValues} onToggle={() => setOutcome(null)} />
                <TextField
                  name="username"
                  label={values.isAdministradorFinca ? LABELS.adminEmail : LABELS.username}
                  autoComplete={values.isAdministradorFinca ? 'email' : 'username'}
                />
                <TextField
                  name="email"
                  label={values.isAdministradorFinca ? LABELS.confirmEmail : LABELS.email}
                  type="email"
                  autoComplete="email"
                />
                {!values.isAdministradorFinca && (
                  <TextField
                    name="telephone"
                    label={LABELS.contactPhone}
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel"
                  />
                )}
                <Button type="submit" disabled={isLoading}>
                  {isLoading ? SENDING : SEND}
                </Button>
                <p className="account-links">
                  <Link to={pathTo('recoveryUsername')}>{FORGOT_USERNAME}</Link>
                </p>
              </Form>
            )}
          </Formik>
        </>
      )}
    </AccountCard>
  );
}
