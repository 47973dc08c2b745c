import { Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { API_MESSAGES } from '@/shared/api/apiErrors';
import { sessionRenewed } from '@/shared/api/session';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch } from '@/shared/store/hooks';
import { outcomeOf, useChangePasswordBackendMutation } from '../accountApi';
import {
  ADMIN_CHANGE_PASSWORD,
  LABELS,
  SAVE_PASSWORD,
  SENDING,
  changePasswordOutcome,
  type OutcomeMessage,
} from '../accountMessages';
import { changePasswordSchemaFor, type ChangePasswordValues } from '../accountSchemas';

const initialValues: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Sends the change for `username` and keeps the outcome to show; a renewed session replaces the stored one. */
function useChangePassword(username: string) {
  const dispatch = useAppDispatch();
  const [changePassword, changeState] = useChangePasswordBackendMutation();
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  const submit = async (values: ChangePasswordValues, helpers: FormikHelpers<ChangePasswordValues>) => {
    const result = await changePassword({
      username,
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

  return { outcome, submit };
}

/** /admin's change-password heading, outcome and form. */
export function ChangePasswordSection({ username }: { username: string }) {
  const { outcome, submit } = useChangePassword(username);
  const validationSchema = useMemo(() => changePasswordSchemaFor(username), [username]);
  return (
    <>
      <h2>{ADMIN_CHANGE_PASSWORD}</h2>
      {outcome && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      <Formik
        initialValues={initialValues}
        validationSchema={validationSchema}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <SummarizedForm noValidate className="account-form user-admin__form">
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
          </SummarizedForm>
        )}
      </Formik>
    </>
  );
}
