import { Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { outcomeOf, useClientTokenMutation, useSetPasswordMutation } from './accountApi';
import {
  CONFIRMATION_MISSING,
  CONFIRM_DATA,
  GO_HOME,
  LABELS,
  REQUEST_NEW_LINK,
  SENDING,
  SET_PASSWORD_INTRO,
  SET_PASSWORD_TITLE,
  setPasswordOutcome,
  type OutcomeMessage,
} from './accountMessages';
import { setPasswordSchema, type NewPasswordValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { NewPasswordFields } from './components/NewPasswordFields';
import { useLinkParams } from './linkParams';

const initialValues: NewPasswordValues = { password: '', confirmPassword: '' };

/** /password-change?confirmation=…: a client-credentials token first, then set-password with the code. */
export default function PasswordChangePage() {
  const { token: confirmation, admin } = useLinkParams('confirmation');
  const [getClientToken] = useClientTokenMutation();
  const [setPassword, setPasswordState] = useSetPasswordMutation();
  const [sending, setSending] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);
  const [noAnswer, setNoAnswer] = useState(false);

  const submit = async (values: NewPasswordValues) => {
    setSending(true);
    try {
      const client = await getClientToken({ admin });
      const clientToken = 'data' in client ? client.data?.access_token : undefined;
      const result = clientToken
        ? await setPassword({ admin, clientToken, token: confirmation, password: values.password })
        : client;
      setPasswordState.reset();
      const { status, code } = outcomeOf(result);
      setNoAnswer(status === null);
      setOutcome(status === null ? null : setPasswordOutcome(status, code));
      if (status === 202) setStep(2);
    } finally {
      setSending(false);
    }
  };

  if (!confirmation) {
    return (
      <AccountCard title={SET_PASSWORD_TITLE} narrow>
        <Notification kind="error">{CONFIRMATION_MISSING}</Notification>
        <p>
          <Link to={pathTo('passwordReset')}>{REQUEST_NEW_LINK}</Link>
        </p>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={SET_PASSWORD_TITLE} narrow>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      {step === 1 ? (
        <>
          <p className="account-card__intro">{SET_PASSWORD_INTRO}</p>
          <Formik
            initialValues={initialValues}
            validationSchema={setPasswordSchema}
            validateOnChange={false}
            validateOnBlur
            onSubmit={submit}
          >
            <SummarizedForm noValidate className="account-form">
              <NewPasswordFields passwordLabel={LABELS.password} />
              <Button type="submit" disabled={sending}>
                {sending ? SENDING : CONFIRM_DATA}
              </Button>
            </SummarizedForm>
          </Formik>
        </>
      ) : (
        <p>
          <Link to={pathTo('home')}>{GO_HOME}</Link>
        </p>
      )}
    </AccountCard>
  );
}
