import { Formik } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { CheckboxField } from '@/shared/ui/CheckboxField';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch } from '@/shared/store/hooks';
import {
  CONNECTION_CHECK_BUTTON,
  CONNECTION_OK,
  LOGIN_BUTTON,
  LOGIN_SESSION_EXPIRED,
  RECOVER_ACCOUNT_LINK,
  SIGNUP_LINK,
  connectionFailed,
  offersConnectionCheck,
  USERNAME_LABEL,
  PASSWORD_LABEL,
  ADMIN_REALM_LABEL,
} from './authMessages';
import { checkConnection } from './connectionCheck';
import { initialLoginValues, type LoginValues, useLoginForm, validateLogin } from './useLoginForm';
import './login.css';
import { Page } from '@/shared/ui/Page';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';

type CheckState = 'idle' | 'checking' | 'ok' | 'failed';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const { submit, attempts, failure, failureCode, sessionExpired } = useLoginForm();
  const [checkState, setCheckState] = useState<CheckState>('idle');
  const [realmChecked, setRealmChecked] = useState<'cliente' | 'fincas'>('cliente');

  const submitLogin = async (values: LoginValues) => {
    setCheckState('idle');
    setRealmChecked(values.isAdministradorFinca ? 'fincas' : 'cliente');
    await submit(values);
  };

  const runCheck = async () => {
    setCheckState('checking');
    const result = await dispatch(checkConnection(realmChecked)).unwrap();
    setCheckState(result.ok ? 'ok' : 'failed');
  };

  return (
    <Page className="login-page" titleId="login-title" title="Acceso a la Oficina Virtual">
      <div className="login">
        {sessionExpired && <Notification kind="info">{LOGIN_SESSION_EXPIRED}</Notification>}
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
        {offersConnectionCheck(failureCode) && (
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
          initialValues={initialLoginValues}
          validate={validateLogin}
          validateOnChange={false}
          validateOnBlur
          onSubmit={submitLogin}
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
                {LOGIN_BUTTON}
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
