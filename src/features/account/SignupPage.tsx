import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SectionTitle } from '@/shared/ui/SectionTitle';
import { TextField } from '@/shared/ui/TextField';
import {
  outcomeOf,
  productCounts,
  useSignUpMutation,
  useUserCupsMutation,
  type SignupBody,
} from './accountApi';
import {
  CHOOSE,
  CONFIRM_DATA,
  CONTINUE,
  DOCUMENT_TYPES,
  EDIT_DATA,
  ELECTRICITY_PRODUCTS,
  GAS_PRODUCTS,
  GO_TO_LOGIN,
  LABELS,
  LANGUAGE_SPANISH,
  NO,
  NOT_GIVEN,
  PRODUCTS_FOUND,
  SENDING,
  SIGNUP_ADMIN_TITLE,
  SIGNUP_SUCCESS_STATUSES,
  SIGNUP_TITLE,
  STEP_RECEIVED,
  STEP_SUMMARY,
  STEP_SUMMARY_HEADING,
  STEP_USER_DATA,
  SUMMARY_LABELS,
  YES,
  signupBlocksSubmit,
  signupOutcome,
  stepOf,
} from './accountMessages';
import { initialSignupValues, signupSchema, type SignupValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { AdminModeCheckbox } from './components/AdminModeCheckbox';
import { RadioGroupField } from './components/RadioGroupField';
import { SelectField } from '@/shared/ui/SelectField';

type Step = 1 | 2 | 3;

interface SignupState {
  step: Step;
  products: { electricity: number; gas: number } | null;
  /** The outcome that drives the message (spec 01 §8); null before any. */
  status: number | null;
  code: number | null;
  /** A failure without any answer from the server. */
  noAnswer: boolean;
}

const START: SignupState = { step: 1, products: null, status: null, code: null, noAnswer: false };
const STEP_NAMES = [STEP_USER_DATA, STEP_SUMMARY, STEP_RECEIVED];

/**
 * The §7 body plus what spec 01 §3 lists (document, owner CIF, role). Administrators: user name from the e-mail
 * (@ -> -), telephone 0, owner = document (spec 01 §2).
 */
export function signupBody(values: SignupValues): SignupBody {
  const admin = values.isAdministradorFinca;
  const ownerCif = admin ? values.documentNumber : values.ownerCif;
  return {
    username: admin ? values.email.trim().replace('@', '-') : values.username.trim(),
    password: values.password,
    nif: ownerCif,
    email: values.email.trim(),
    telefono: admin ? '0' : values.telephone.trim(),
    firstName: values.firstName.trim(),
    lastName: [values.firstSurname.trim(), values.secondSurname.trim()].filter(Boolean).join(' '),
    language: values.language,
    identification: { typeDoc: values.documentType, idDoc: values.documentNumber },
    ownerCif,
    role: 'access',
  };
}

/** With "Sí" the owner CIF is the document number, kept in step while the user types. */
function HolderCopy() {
  const { values, setFieldValue } = useFormikContext<SignupValues>();
  const copies = !values.isAdministradorFinca && values.isHolder === 'si';
  useEffect(() => {
    if (copies && values.ownerCif !== values.documentNumber) {
      void setFieldValue('ownerCif', values.documentNumber, false);
    }
  }, [copies, values.documentNumber, values.ownerCif, setFieldValue]);
  return null;
}

function StepList({ step }: { step: Step }) {
  return (
    <ol className="signup-steps">
      {STEP_NAMES.map((name, index) => (
        <li key={name} aria-current={index + 1 === step ? 'step' : undefined}>
          {name}
        </li>
      ))}
    </ol>
  );
}

function UserDataStep() {
  const { values } = useFormikContext<SignupValues>();
  const admin = values.isAdministradorFinca;
  const copies = !admin && values.isHolder === 'si';
  return (
    <div className="account-form__grid">
      <div className="account-form__wide">
        <TextField name="firstName" label={LABELS.firstName} autoComplete="name" />
      </div>
      <TextField name="firstSurname" label={LABELS.firstSurname} autoComplete="family-name" />
      <TextField name="secondSurname" label={LABELS.secondSurname} />
      {!admin && (
        <div className="account-form__wide">
          <TextField name="username" label={LABELS.username} autoComplete="username" />
        </div>
      )}
      <TextField name="password" label={LABELS.password} type="password" autoComplete="new-password" />
      <TextField
        name="confirmPassword"
        label={LABELS.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <div className="account-form__wide">
        <TextField name="email" label={LABELS.email} type="email" autoComplete="email" />
      </div>
      <SelectField
        name="documentType"
        label={LABELS.documentType}
        options={DOCUMENT_TYPES}
        placeholder={CHOOSE}
      />
      <TextField name="documentNumber" label={LABELS.documentNumber} />
      {!admin && (
        <>
          <div className="account-form__wide">
            <RadioGroupField
              name="isHolder"
              legend={LABELS.isHolder}
              options={[
                { value: 'si', label: YES },
                { value: 'no', label: NO },
              ]}
            />
          </div>
          <TextField name="ownerCif" label={LABELS.ownerCif} readOnly={copies} />
          <TextField
            name="telephone"
            label={LABELS.telephone}
            type="tel"
            autoComplete="tel"
            inputMode="numeric"
          />
        </>
      )}
      <SelectField
        name="language"
        label={LABELS.language}
        options={[{ value: 'es', label: LANGUAGE_SPANISH }]}
      />
    </div>
  );
}

function Summary({ values }: { values: SignupValues }) {
  const body = signupBody(values);
  const document = `${values.documentType.toUpperCase()} ${values.documentNumber}`;
  const rows: [string, string][] = [
    [SUMMARY_LABELS.name, body.firstName],
    [SUMMARY_LABELS.surnames, body.lastName || NOT_GIVEN],
    [SUMMARY_LABELS.username, body.username],
    ...(values.isAdministradorFinca ? ([[SUMMARY_LABELS.signInWith, body.email]] as [string, string][]) : []),
    [SUMMARY_LABELS.email, body.email],
    [SUMMARY_LABELS.document, document],
    ...(values.isAdministradorFinca
      ? []
      : ([
          [SUMMARY_LABELS.ownerCif, values.ownerCif],
          [SUMMARY_LABELS.telephone, body.telefono || NOT_GIVEN],
        ] as [string, string][])),
    [SUMMARY_LABELS.language, LANGUAGE_SPANISH],
  ];
  return (
    <dl className="summary">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export default function SignupPage() {
  const [state, setState] = useState<SignupState>(START);
  const [lookUp, lookup] = useUserCupsMutation();
  const [signUp, signup] = useSignUpMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const phone = getRuntimeConfig().company.customerServicePhone;

  useEffect(() => {
    if (state.step > 1) headingRef.current?.focus();
  }, [state.step]);

  const toSummary = async (values: SignupValues, helpers: FormikHelpers<SignupValues>) => {
    const documentNumber = values.documentNumber.trim().toUpperCase();
    const ownerCif = values.ownerCif.trim().toUpperCase();
    await helpers.setValues({ ...values, documentNumber, ownerCif }, false);
    const admin = values.isAdministradorFinca;
    const result = await lookUp({
      admin,
      nif: admin ? documentNumber : ownerCif,
      email: values.email.trim(),
      telefono: values.telephone.trim(),
    });
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
            <StepList step={state.step} />
            {state.noAnswer && <Notification kind="error">{API_MESSAGES.NO_CONNECTION}</Notification>}
            {state.step === 1 && (
              <Form noValidate className="account-form" aria-label={stepOf(1)}>
                <HolderCopy />
                <AdminModeCheckbox initialValues={initialSignupValues} onToggle={() => setState(START)} />
                <UserDataStep />
                <Button type="submit" disabled={lookup.isLoading}>
                  {lookup.isLoading ? SENDING : CONTINUE}
                </Button>
              </Form>
            )}
            {state.step === 2 && (
              <div>
                <h2 ref={headingRef} tabIndex={-1}>
                  {STEP_SUMMARY_HEADING}
                </h2>
                <Summary values={values} />
                {state.products && (
                  <>
                    <h3>{PRODUCTS_FOUND}</h3>
                    <ul className="product-counts">
                      <li>
                        <strong>{state.products.electricity}</strong> {ELECTRICITY_PRODUCTS}
                      </li>
                      <li>
                        <strong>{state.products.gas}</strong> {GAS_PRODUCTS}
                      </li>
                    </ul>
                  </>
                )}
                {message && <Notification kind={message.kind}>{message.text}</Notification>}
                <div className="account-actions">
                  <Button variant="secondary" onClick={() => setState(START)}>
                    {EDIT_DATA}
                  </Button>
                  <Button onClick={() => void confirm(values)} disabled={blocked || signup.isLoading}>
                    {signup.isLoading ? SENDING : CONFIRM_DATA}
                  </Button>
                </div>
              </div>
            )}
            {state.step === 3 && (
              <div>
                <h2 ref={headingRef} tabIndex={-1}>
                  {STEP_RECEIVED}
                </h2>
                {message && <Notification kind={message.kind}>{message.text}</Notification>}
                <p>
                  <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
                </p>
              </div>
            )}
          </AccountCard>
        );
      }}
    </Formik>
  );
}
