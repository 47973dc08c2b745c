import { Formik } from 'formik';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import {
  LOGIN_BUTTON,
  LOGIN_SESSION_EXPIRED,
  PASSWORD_LABEL,
  STAFF_LOGIN_INTRO,
  STAFF_LOGIN_TITLE,
  USERNAME_LABEL,
} from './authMessages';
import { initialLoginValues, useLoginForm, validateLogin } from './useLoginForm';
import './login.css';

/**
 * The staff's sign-in (issue 27): the customers' login thunk and failure table, in the realm atencion. The staff
 * have no sign-up or recovery here, so the page offers neither.
 */
export default function StaffLoginPage() {
  const { submit, attempts, failure, sessionExpired } = useLoginForm(true);

  return (
    <Page className="login-page" titleId="staff-login-title" title={STAFF_LOGIN_TITLE}>
      <div className="login">
        <p>{STAFF_LOGIN_INTRO}</p>
        {sessionExpired && <Notification kind="info">{LOGIN_SESSION_EXPIRED}</Notification>}
        {failure && (
          <Notification kind="error" focusKey={attempts || undefined}>
            {failure.text}
          </Notification>
        )}
        <Formik
          initialValues={initialLoginValues}
          validate={validateLogin}
          validateOnChange={false}
          validateOnBlur
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <SummarizedForm noValidate className="login__form">
              <TextField name="username" label={USERNAME_LABEL} autoComplete="username" />
              <TextField
                name="password"
                label={PASSWORD_LABEL}
                type="password"
                autoComplete="current-password"
              />
              <Button type="submit" disabled={isSubmitting}>
                {LOGIN_BUTTON}
              </Button>
            </SummarizedForm>
          )}
        </Formik>
      </div>
    </Page>
  );
}
