import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { sessionRenewed } from '@/shared/api/session';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch } from '@/shared/store/hooks';
import { outcomeOf, useChangePasswordBackendMutation } from './accountApi';
import {
  ADMIN_CHANGE_PASSWORD,
  ADMIN_LOGOUT,
  ADMIN_MENU,
  ADMIN_PROFILE,
  ADMIN_TITLE,
  BACK,
  LABELS,
  NOT_GIVEN,
  PROFILE_LABELS,
  SAVE_PASSWORD,
  SENDING,
  changePasswordOutcome,
  type OutcomeMessage,
} from './accountMessages';
import { changePasswordSchema, type ChangePasswordValues } from './accountSchemas';
import './account.css';

/** The stored profile's fields this page shows (spec 01 §3). */
export interface AdminProfile {
  username: string;
  ownercif: string;
  email: string;
  telephoneNumber: string;
}

export interface UserAdminPageProps {
  profile: AdminProfile | null;
  isAdministrador: boolean;
  /** The session's e-mail (from the login answer), used when the profile has none. */
  email: string | null;
  onLogout: () => void;
}

const initialValues: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /admin: the stored profile and the change-password form. The app passes the session in, so this feature
 * needs nothing from the auth feature.
 */
export default function UserAdminPage({ profile, isAdministrador, email, onLogout }: UserAdminPageProps) {
  const dispatch = useAppDispatch();
  const [changePassword, changeState] = useChangePasswordBackendMutation();
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);
  const accountEmail = profile?.email || email || '';

  const submit = async (values: ChangePasswordValues, helpers: FormikHelpers<ChangePasswordValues>) => {
    const result = await changePassword({
      // Administrators sign in with their e-mail, so it is their user name here (spec 01 §5).
      username: isAdministrador ? accountEmail : (profile?.username ?? ''),
      password: values.currentPassword,
      newPassword: values.newPassword,
    });
    changeState.reset();
    const { status } = outcomeOf(result);
    if (status === null) {
      setOutcome({ kind: 'error', text: API_MESSAGES.NO_CONNECTION });
      return;
    }
    // The server has ended the session that made the call and sends a new one: keep the user signed in with it.
    // Without tokens (another backend) the session stays as it was.
    const renewed = 'data' in result ? result.data?.body : null;
    if (status === 200 && typeof renewed?.access_token === 'string' && renewed.access_token) {
      dispatch(
        sessionRenewed({ accessToken: renewed.access_token, refreshToken: renewed.refresh_token ?? null }),
      );
    }
    setOutcome(changePasswordOutcome(status));
    if (status === 200) helpers.resetForm();
  };

  const rows: [string, string][] = [
    [PROFILE_LABELS.username, profile?.username || NOT_GIVEN],
    [PROFILE_LABELS.nif, profile?.ownercif || NOT_GIVEN],
    [PROFILE_LABELS.email, accountEmail || NOT_GIVEN],
    [PROFILE_LABELS.phone, profile?.telephoneNumber || NOT_GIVEN],
  ];

  return (
    <div className="user-admin">
      <div>
        <Link className="account-card__back" to={pathTo('home')}>
          {BACK}
        </Link>
        <nav className="user-admin__menu" aria-label={ADMIN_MENU}>
          <ul>
            <li>
              <Link to={pathTo('userAdmin')} aria-current="page">
                {ADMIN_CHANGE_PASSWORD}
              </Link>
            </li>
            <li>
              <button type="button" onClick={onLogout}>
                {ADMIN_LOGOUT}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <section className="user-admin__panel" aria-labelledby="account-title">
        <h1 id="account-title" className="account-card__title">
          {ADMIN_TITLE}
        </h1>
        <h2>{ADMIN_PROFILE}</h2>
        <dl className="summary">
          {rows.map(([label, value]) => (
            <div key={label} className="summary__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2>{ADMIN_CHANGE_PASSWORD}</h2>
        {outcome && <Notification kind={outcome.kind}>{outcome.text}</Notification>}
        <Formik
          initialValues={initialValues}
          validationSchema={changePasswordSchema}
          validateOnChange={false}
          validateOnBlur
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="account-form user-admin__form">
              <TextField
                name="currentPassword"
                label={LABELS.currentPassword}
                type="password"
                autoComplete="current-password"
              />
              <TextField
                name="newPassword"
                label={LABELS.newPassword}
                type="password"
                autoComplete="new-password"
              />
              <TextField
                name="confirmPassword"
                label={LABELS.confirmNewPassword}
                type="password"
                autoComplete="new-password"
              />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? SENDING : SAVE_PASSWORD}
              </Button>
            </Form>
          )}
        </Formik>
      </section>
    </div>
  );
}
