import { Formik } from 'formik';
import { useState } from 'react';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import {
  LOGIN_BUTTON,
  LOGIN_SESSION_EXPIRED,
  PASSWORD_LABEL,
  STAFF_LOGIN_INTRO,
  STAFF_LOGIN_TITLE,
  USERNAME_LABEL,
  loginFailureMessage,
} from './authMessages';
import { login } from './authThunks';
import { validateLogin } from './LoginPage';
import './login.css';

const initialValues = { username: '', password: '', isAdministradorFinca: false };

/**
 * The staff's sign-in (issue 27): the customers' login thunk and failure table, in the realm atencion. The staff
 * have no sign-up or recovery here, so the page offers neither.
 */
export default function StaffLoginPage() {
  const dispatch = useAppDispatch();
  const { status, failureCode, isLeaving } = useAppSelector((state) => state.auth);
  const [attempts, setAttempts] = useState(0);
  const failure = status === 'failed' && failureCode !== null ? loginFailureMessage(failureCode) : null;

  return (
    <Page className="login-page" titleId="staff-login-title" title={STAFF_LOGIN_TITLE}>
      <div className="login">
        <p>{STAFF_LOGIN_INTRO}</p>
        {status === 'idle' && isLeaving && <Notification kind="info">{LOGIN_SESSION_EXPIRED}</Notification>}
        {failure && (
          <Notification kind="error" focusKey={attempts || undefined}>
            {failure.text}
          </Notification>
        )}
        <Formik
          initialValues={initialValues}
          validate={validateLogin}
          validateOnChange={false}
          validateOnBlur
          onSubmit={async (values) => {
            await dispatch(login({ ...values, username: values.username.trim(), staff: true }));
            setAttempts((count) => count + 1);
          }}
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
