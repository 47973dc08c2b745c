import { Formik } from 'formik';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SectionTitle } from '@/shared/ui/SectionTitle';
import { WatchValues } from '@/shared/ui/WatchValues';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import {
  CONTINUE,
  SENDING,
  SIGNUP_ADMIN_TITLE,
  SIGNUP_TITLE,
  signupBlocksSubmit,
  signupOutcome,
  stepOf,
} from './accountMessages';
import { initialSignupValues, signupSchema } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { AdminModeCheckbox } from './components/AdminModeCheckbox';
import { SignupReceivedStep } from './components/SignupReceivedStep';
import { SignupStepList } from './components/SignupStepList';
import { SignupSummaryStep } from './components/SignupSummaryStep';
import { HolderCopy, SignupUserDataFields } from './components/SignupUserDataFields';
import { useSignup } from './useSignup';

/** Sign-up: the user's data, a summary to confirm, then the registration received. */
export default function SignupPage() {
  const { state, restart, valuesChanged, toSummary, confirm, lookingUp, signingUp, headingRef } = useSignup();
  const phone = getRuntimeConfig().company.customerServicePhone;

  return (
    <Formik
      initialValues={initialSignupValues}
      validationSchema={signupSchema}
      validateOnChange={false}
      validateOnBlur
      onSubmit={toSummary}
    >
      {({ values }) => {
        const message =
          state.status !== null ? signupOutcome(state.status, state.code, values.email.trim(), phone) : null;
        const blocked = signupBlocksSubmit(state.status, state.code);
        const title = values.isAdministradorFinca ? SIGNUP_ADMIN_TITLE : SIGNUP_TITLE;
        return (
          <AccountCard title={title} backTo={pathTo('home')}>
            <SectionTitle section={title} />
            <SignupStepList step={state.step} />
            {state.noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
            {state.step === 1 && (
              <SummarizedForm noValidate className="account-form" aria-label={stepOf(1)}>
                <WatchValues onChange={valuesChanged} />
                <HolderCopy />
                <AdminModeCheckbox initialValues={initialSignupValues} onToggle={restart} />
                <SignupUserDataFields />
                <Button type="submit" disabled={lookingUp}>
                  {lookingUp ? SENDING : CONTINUE}
                </Button>
              </SummarizedForm>
            )}
            {state.step === 2 && (
              <SignupSummaryStep
                headingRef={headingRef}
                values={values}
                products={state.products}
                message={message}
                blocked={blocked}
                sending={signingUp}
                onEdit={restart}
                onConfirm={() => void confirm(values)}
              />
            )}
            {state.step === 3 && <SignupReceivedStep headingRef={headingRef} message={message} />}
          </AccountCard>
        );
      }}
    </Formik>
  );
}
