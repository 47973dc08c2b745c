import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { loginFailureMessage, PASSWORD_REQUIRED, USERNAME_REQUIRED } from './authMessages';
import { login } from './authThunks';

export interface LoginValues {
  username: string;
  password: string;
  isAdministradorFinca: boolean;
}

export const initialLoginValues: LoginValues = { username: '', password: '', isAdministradorFinca: false };

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

/**
 * The sign-in's submit and what the page shows of it, for the customers' and administrators' /login and the
 * staff's /atencion/login: the last failure's message, whether an ended session brought the user here, and a
 * count of attempts that moves the focus to each refusal (a success leaves the page).
 */
export function useLoginForm(staff = false) {
  const dispatch = useAppDispatch();
  const { status, failureCode, isLeaving } = useAppSelector((state) => state.auth);
  const [attempts, setAttempts] = useState(0);
  const submit = async (values: LoginValues) => {
    await dispatch(login({ ...values, username: values.username.trim(), staff }));
    setAttempts((count) => count + 1);
  };
  const failed = status === 'failed' ? failureCode : null;
  return {
    submit,
    attempts,
    /** The code of the refused attempt shown, if any. */
    failureCode: failed,
    failure: failed === null ? null : loginFailureMessage(failed),
    sessionExpired: status === 'idle' && isLeaving,
  };
}
