import type { FormikHelpers } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import { outcomeOf, productCounts, useSignUpMutation, useUserCupsMutation } from './accountApi';
import { SIGNUP_SUCCESS_STATUSES } from './accountMessages';
import type { SignupValues } from './accountSchemas';
import { signupBody } from './signupBody';

export type SignupStep = 1 | 2 | 3;

export interface SignupState {
  step: SignupStep;
  products: { electricity: number; gas: number } | null;
  /** The outcome that drives the message (spec 01 §8); null before any. */
  status: number | null;
  code: number | null;
  /** A failure without any answer from the server. */
  noAnswer: boolean;
}

const START: SignupState = { step: 1, products: null, status: null, code: null, noAnswer: false };

/**
 * The sign-up's three steps and their two calls: step 1 looks the customer's products up (toSummary), step 2
 * sends the registration (confirm). Each later step's heading takes the focus.
 */
export function useSignup() {
  const [state, setState] = useState<SignupState>(START);
  const [lookUp, lookup] = useUserCupsMutation();
  const [signUp, signup] = useSignUpMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The data the pending look-up asked about; cleared when the person changes it meanwhile (or switches the
  // administrator mode), so that the late answer, about data no longer in the form, is dropped.
  const asked = useRef<SignupValues | null>(null);
  const valuesChanged = useCallback((values: SignupValues) => {
    const sent = asked.current;
    if (sent && (Object.keys(values) as (keyof SignupValues)[]).some((name) => values[name] !== sent[name]))
      asked.current = null;
  }, []);

  useEffect(() => {
    if (state.step > 1) headingRef.current?.focus();
  }, [state.step]);

  const toSummary = async (values: SignupValues, helpers: FormikHelpers<SignupValues>) => {
    const documentNumber = values.documentNumber.trim().toUpperCase();
    const ownerCif = values.ownerCif.trim().toUpperCase();
    const sent = { ...values, documentNumber, ownerCif };
    await helpers.setValues(sent, false);
    asked.current = sent;
    const admin = values.isAdministradorFinca;
    const result = await lookUp({
      admin,
      nif: admin ? documentNumber : ownerCif,
      email: values.email.trim(),
      telefono: values.telephone.trim(),
    });
    if (asked.current !== sent) return;
    asked.current = null;
    const outcome = outcomeOf(result);
    if (outcome.status === null) {
      setState({ ...START, noAnswer: true });
      return;
    }
    if ('data' in result && result.data) {
      const products = productCounts(result.data.body);
      // A customer without products cannot register (spec 01 §8, status 0); a new administrator may have none yet.
      const empty = !admin && products.electricity + products.gas === 0;
      setState({ step: 2, products, status: empty ? 0 : null, code: null, noAnswer: false });
    } else {
      setState({ step: 2, products: null, status: outcome.status, code: outcome.code, noAnswer: false });
    }
  };

  const confirm = async (values: SignupValues) => {
    const result = await signUp({ admin: values.isAdministradorFinca, body: signupBody(values) });
    // The arguments hold the password: drop them from the cache at once.
    signup.reset();
    const outcome = outcomeOf(result);
    if (outcome.status === null) {
      setState((current) => ({ ...current, noAnswer: true }));
      return;
    }
    const done = SIGNUP_SUCCESS_STATUSES.has(outcome.status) && outcome.code !== 103;
    setState((current) => ({
      ...current,
      step: done ? 3 : 2,
      status: outcome.status,
      code: outcome.code,
      noAnswer: false,
    }));
  };

  return {
    state,
    /** Back to step 1 with nothing found (Modificar datos, a switch of the administrator mode). */
    restart: () => {
      asked.current = null;
      setState(START);
    },
    valuesChanged,
    toSummary,
    confirm,
    lookingUp: lookup.isLoading,
    signingUp: signup.isLoading,
    headingRef,
  };
}
