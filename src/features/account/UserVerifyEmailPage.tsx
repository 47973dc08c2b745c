import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { RETRY } from '@/shared/ui/pageMessages';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { outcomeOf, useValidateEmailTokenQuery, useVerifyUserEmailMutation } from './accountApi';
import {
  CHECKING_LINK,
  CONFIRM,
  GO_TO_LOGIN,
  LINK_ACCOUNT_VERIFIED,
  LINK_VERIFY_EXPIRED,
  REQUEST_NEW_VALIDATION,
  SENDING,
  VERIFY_EMAIL_INTRO,
  VERIFY_EMAIL_TITLE,
} from './accountMessages';
import { AccountCard } from './components/AccountCard';
import { useLinkParams } from './linkParams';
import { TOKEN_INVALID_MESSAGE } from './tokenCheck';

type Result = 'none' | 'verified' | 'failed';

/** /user-verify-email?token=…: the token is checked on arrival; Confirmar verifies the address (204). */
export default function UserVerifyEmailPage() {
  const { token, admin } = useLinkParams();
  const check = useValidateEmailTokenQuery({ admin, token }, { skip: !token });
  const [verify, { isLoading }] = useVerifyUserEmailMutation();
  const [result, setResult] = useState<Result>('none');

  const checking = Boolean(token) && check.isFetching;
  const linkValid = Boolean(token) && check.isSuccess && check.data?.mensaje !== TOKEN_INVALID_MESSAGE;
  const failed = result === 'failed' || (!checking && !linkValid && result === 'none');

  const confirm = async () => {
    const answer = await verify({ admin, token });
    setResult(outcomeOf(answer).status === 204 ? 'verified' : 'failed');
  };

  const retry = () => {
    setResult('none');
    if (token) void check.refetch();
  };

  return (
    <AccountCard title={VERIFY_EMAIL_TITLE} narrow>
      {checking && <Spinner label={CHECKING_LINK} />}
      {!checking && result === 'verified' && (
        <>
          <Notification kind="success">{LINK_ACCOUNT_VERIFIED}</Notification>
          <p>
            <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
          </p>
        </>
      )}
      {!checking && failed && (
        <>
          <Notification kind="error">{LINK_VERIFY_EXPIRED}</Notification>
          <div className="account-actions">
            <Link to={pathTo('userValidationResend')}>{REQUEST_NEW_VALIDATION}</Link>
            <Button variant="secondary" onClick={retry}>
              {RETRY}
            </Button>
          </div>
        </>
      )}
      {!checking && linkValid && result === 'none' && (
        <>
          <p>{VERIFY_EMAIL_INTRO}</p>
          <Button onClick={() => void confirm()} disabled={isLoading}>
            {isLoading ? SENDING : CONFIRM}
          </Button>
        </>
      )}
    </AccountCard>
  );
}
