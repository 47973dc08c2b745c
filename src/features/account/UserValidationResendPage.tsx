import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
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
import { initialContactValues, resendSchema, type ContactValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { AdminModeCheckbox } from './components/AdminModeCheckbox';

export default function UserValidationResendPage() {
  const [resend, { isLoading }] = useResendEmailVerificationMutation();
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  const [noAnswer, setNoAnswer] = useState(false);

  const submit = async (values: ContactValues) => {
    const admin = values.isAdministradorFinca;
    const result = await resend({
      admin,
      body: {
        username: values.username.trim(),
        email: values.email.trim(),
        telefono: admin ? '0' : values.telephone.trim(),
      },
    });
    const { status, message } = outcomeOf(result);
    setNoAnswer(status === null);
    setOutcome(status === null ? null : resendOutcome(status, message));
  };

  return (
    <AccountCard title={RESEND_TITLE} backTo={pathTo('login')} narrow>
      <p className="account-card__intro">{RESEND_INTRO}</p>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && (
        <Notification kind={outcome.kind}>
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
        {({ values }) => (
          <Form noValidate className="account-form">
            <AdminModeCheckbox initialValues={initialContactValues} onToggle={() => setOutcome(null)} />
            <TextField
              name="username"
              label={values.isAdministradorFinca ? LABELS.adminEmail : LABELS.username}
              autoComplete={values.isAdministradorFinca ? 'email' : 'username'}
            />
            <TextField name="email" label={LABELS.email} type="email" autoComplete="email" />
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
          </Form>
        )}
      </Formik>
    </AccountCard>
  );
}
