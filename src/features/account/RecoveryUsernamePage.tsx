import { Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import { outcomeOf, useRecoverUsernameMutation } from './accountApi';
import {
  FORGOT_PASSWORD,
  LABELS,
  RECOVERY_INTRO,
  RECOVERY_TITLE,
  SEND,
  SENDING,
  recoveryOutcome,
  type OutcomeMessage,
} from './accountMessages';
import { recoverySchema } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { AdminModeCheckbox } from './components/AdminModeCheckbox';

interface RecoveryValues {
  isAdministradorFinca: boolean;
  email: string;
}

const initialValues: RecoveryValues = { isAdministradorFinca: false, email: '' };

export default function RecoveryUsernamePage() {
  const [recover, { isLoading }] = useRecoverUsernameMutation();
  const [step, setStep] = useState<1 | 2>(1);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);
  const [noAnswer, setNoAnswer] = useState(false);

  const submit = async (values: RecoveryValues) => {
    const result = await recover({ admin: values.isAdministradorFinca, email: values.email.trim() });
    const { status } = outcomeOf(result);
    setNoAnswer(status === null);
    setOutcome(status === null ? null : recoveryOutcome(status));
    if (status === 200) setStep(2);
  };

  return (
    <AccountCard title={RECOVERY_TITLE} backTo={pathTo('login')} narrow>
      {noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      {step === 1 && (
        <>
          <p className="account-card__intro">{RECOVERY_INTRO}</p>
          <Formik
            initialValues={initialValues}
            validationSchema={recoverySchema}
            validateOnChange={false}
            validateOnBlur
            onSubmit={submit}
          >
            <SummarizedForm noValidate className="account-form">
              <AdminModeCheckbox initialValues={initialValues} onToggle={() => setOutcome(null)} />
              <TextField name="email" label={LABELS.email} type="email" autoComplete="email" />
              <Button type="submit" disabled={isLoading}>
                {isLoading ? SENDING : SEND}
              </Button>
              <p className="account-links">
                <Link to={pathTo('passwordReset')}>{FORGOT_PASSWORD}</Link>
              </p>
            </SummarizedForm>
          </Formik>
        </>
      )}
    </AccountCard>
  );
}
