import { Formik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { SummarizedForm } from '@/shared/ui/SummarizedForm';
import { outcomeOf, useUpdatePasswordMutation, useValidateEmailTokenQuery } from './accountApi';
import {
  CHANGE_BY_LINK_TITLE,
  CHECKING_LINK,
  CONFIRM_DATA,
  GO_TO_LOGIN,
  LABELS,
  LINK_PASSWORD_EXPIRED,
  PASSWORD_HAS_ACCOUNT_WORDS_STATUS,
  PASSWORD_TOO_COMMON_STATUS,
  REQUEST_NEW_LINK,
  SENDING,
  linkPasswordOutcome,
  type OutcomeMessage,
} from './accountMessages';
import { linkPasswordSchema, type NewPasswordValues } from './accountSchemas';
import { AccountCard } from './components/AccountCard';
import { NewPasswordFields } from './components/NewPasswordFields';
import { useLinkParams } from './linkParams';
import { TOKEN_INVALID_MESSAGE } from './tokenCheck';

const initialValues: NewPasswordValues = { password: '', confirmPassword: '' };

/** /user-change-password?token=…: the token is checked on arrival, then the new password is sent. */
export default function UserChangePasswordPage() {
  const { token, admin } = useLinkParams();
  const navigate = useNavigate();
  const check = useValidateEmailTokenQuery({ admin, token }, { skip: !token });
  const [updatePassword, updateState] = useUpdatePasswordMutation();
  const [outcome, setOutcome] = useState<(OutcomeMessage & { status: number | null }) | null>(null);

  const linkValid = Boolean(token) && check.isSuccess && check.data?.mensaje !== TOKEN_INVALID_MESSAGE;
  const checking = Boolean(token) && check.isLoading;
  const done = outcome?.status === 204;
  // A refused password (465 characters, 466 too common, 467 the account's words) leaves the link usable.
  const refused =
    outcome?.status === 465 ||
    outcome?.status === PASSWORD_TOO_COMMON_STATUS ||
    outcome?.status === PASSWORD_HAS_ACCOUNT_WORDS_STATUS;
  const expired = (!checking && !linkValid) || (outcome !== null && !done && !refused);

  const submit = async (values: NewPasswordValues) => {
    const result = await updatePassword({ admin, token, newPassword: values.password });
    updateState.reset();
    const { status } = outcomeOf(result);
    setOutcome({ ...linkPasswordOutcome(status ?? 0), status });
  };

  return (
    <AccountCard title={CHANGE_BY_LINK_TITLE} narrow>
      {checking && <Spinner label={CHECKING_LINK} />}
      {outcome && !expired && (
        <Notification kind={outcome.kind} focusKey={outcome}>
          {outcome.text}
        </Notification>
      )}
      {expired && (
        <>
          {/* After a send (an outcome), the expiry is its result and takes the focus. */}
          <Notification kind="error" focusKey={outcome ?? undefined}>
            {LINK_PASSWORD_EXPIRED}
          </Notification>
          <Button onClick={() => void navigate(pathTo('passwordReset'))}>{REQUEST_NEW_LINK}</Button>
        </>
      )}
      {done && (
        <p>
          <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
        </p>
      )}
      {linkValid && !done && !expired && (
        <Formik
          initialValues={initialValues}
          validationSchema={linkPasswordSchema}
          validateOnMount
          onSubmit={submit}
        >
          {({ isValid, isSubmitting }) => (
            <SummarizedForm noValidate className="account-form">
              <NewPasswordFields passwordLabel={LABELS.newPassword} />
              <Button type="submit" disabled={!isValid || isSubmitting}>
                {isSubmitting ? SENDING : CONFIRM_DATA}
              </Button>
            </SummarizedForm>
          )}
        </Formik>
      )}
    </AccountCard>
  );
}
