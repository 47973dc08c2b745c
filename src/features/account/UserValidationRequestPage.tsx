import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { apiBaseFor } from '@/shared/api/baseQuery';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { realmOf, VALIDATION_PATH } from './accountApi';
import {
  REQUEST_NEW_VALIDATION,
  VALIDATING_USER,
  VALIDATION_MISSING_TOKEN,
  VALIDATION_TITLE,
} from './accountMessages';
import { AccountCard } from './components/AccountCard';
import { browserNavigation, useLinkParams } from './linkParams';

/** Sends the browser on to the backend's validation link, which redirects back to the result page. */
export default function UserValidationRequestPage() {
  const { token, admin } = useLinkParams();

  useEffect(() => {
    if (token) {
      browserNavigation.assign(
        `${apiBaseFor(realmOf(admin))}${VALIDATION_PATH}?token=${encodeURIComponent(token)}`,
      );
    }
  }, [token, admin]);

  return (
    <AccountCard title={VALIDATION_TITLE} narrow>
      {token ? (
        <Spinner label={VALIDATING_USER} />
      ) : (
        <>
          <Notification kind="error">{VALIDATION_MISSING_TOKEN}</Notification>
          <p>
            <Link to={pathTo('userValidationResend')}>{REQUEST_NEW_VALIDATION}</Link>
          </p>
        </>
      )}
    </AccountCard>
  );
}
