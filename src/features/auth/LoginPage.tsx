import { Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { CheckboxField } from '@/shared/ui/CheckboxField';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import {
  CONNECTION_CHECK_BUTTON,
  CONNECTION_OK,
  LOGIN_SESSION_EXPIRED,
  PASSWORD_REQUIRED,
  RECOVER_ACCOUNT_LINK,
  SIGNUP_LINK,
  USERNAME_REQUIRED,
  connectionFailed,
  loginFailureMessage,
  offersConnectionCheck,
  USERNAME_LABEL,
  PASSWORD_LABEL,
  ADMIN_REALM_LABEL,
} from './authMessages';
import { login } from './authThunks';
import { checkConnection } from './connectionCheck';
import './login.css';
import { Page } from '@/shared/ui/Page';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';

interface LoginValues {
  username: string;
  password: string;
  isAdministradorFinca: boolean;
}

const initialValues: LoginValues = { username: '', password: '', isAdministradorFinca: false };

/**
 * Two required fields need no schema library: leaving yup out of the login chunk keeps the JS that runs before
 * the form is usable within its budget (bench/01-login). The other forms use yup schemas.
 */
export function validateLogin(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!values.username.trim()) errors.username = USERNAME_REQUIRED;
  if (!values.password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

type CheckState = 'idle' | 'checking' | 'ok' | 'failed';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const { status, failureCode, isLeaving } = useAppSelector((state) => state.auth);
  const [checkState, setCheckState] = useState<CheckState>('idle');
  const [realmChecked, setRealmChecked] = useState<'cliente' | 'fincas'>('cliente');
  // Each refused attempt moves the focus to its message; a success leaves the page.
  const [attempts, setAttempts] = useState(0);
  const failure = status === 'failed' && failureCode !== null ? loginFailureMessage(failureCode) : null;

  const submit = async (values: LoginValues) => {
    setCheckState('idle');
    setRealmChecked(values.isAdministradorFinca ? 'fincas' : 'cliente');
    await dispatch(login({ ...values, username: values.username.trim() }));
    setAttempts((count) => count + 1);
  };

  const runCheck = async () => {
    setCheckState('checking');
    const result = await dispatch(checkConnection(realmChecked)).unwrap();
    setCheckState(result.ok ? 'ok' : 'failed');
  };

  return (
    <Page className="login-page" titleId="login-title" title="Acceso a la Oficina Virtual">
      <div className="login">
        {status === 'idle' && isLeaving && <Notification kind="info">{LOGIN_SESSION_EXPIRED}</Notification>}
        {failure && (
          <Notification kind="error" focusKey={attempts || undefined}>
            {failure.text}
            {failure.link && (
              <>
                {' '}
                <Link to={failure.link.to}>{failure.link.label}</Link>
              </>
            )}
          </Notification>
        )}
        {offersConnectionCheck(status === 'failed' ? failureCode : null) && (
          <div className="login__check">
            <Button variant="secondary" onClick={() => void runCheck()} disabled={checkState === 'checking'}>
              {CONNECTION_CHECK_BUTTON}
            </Button>
            {checkState === 'ok' && <Notification kind="success">{CONNECTION_OK}</Notification>}
            {checkState === 'failed' && (
              <Notification kind="error">
                {connectionFailed(getRuntimeConfig().company.customerServicePhone)}
              </Notification>
            )}
          </div>
        )}
        <Formik
          initialValues={initialValues}
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
              <CheckboxField name="isAdministradorFinca" label={ADMIN_REALM_LABEL} />
              <Button type="submit" disabled={isSubmitting}>
                Entrar
              </Button>
              <p className="login__links">
                <Link to={pathTo('signup')}>{SIGNUP_LINK}</Link>
                <Link to={pathTo('passwordReset')}>{RECOVER_ACCOUNT_LINK}</Link>
              </p>
            </SummarizedForm>
          )}
        </Formik>
      </div>
    </Page>
  );
}
