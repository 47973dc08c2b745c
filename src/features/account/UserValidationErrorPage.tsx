import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo, routes } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import {
  REQUEST_NEW_VALIDATION,
  VALIDATION_ERROR,
  VALIDATION_ERROR_RESEND,
  VALIDATION_ERROR_SUPPORT,
} from './accountMessages';
import { AccountCard } from './components/AccountCard';

export default function UserValidationErrorPage() {
  return (
    <AccountCard title={routes.userValidationError.title} narrow>
      <Notification kind="error">{VALIDATION_ERROR}</Notification>
      <p>
        {VALIDATION_ERROR_RESEND} <Link to={pathTo('userValidationResend')}>{REQUEST_NEW_VALIDATION}</Link>
      </p>
      <p>{VALIDATION_ERROR_SUPPORT(getRuntimeConfig().company.customerServicePhone)}</p>
    </AccountCard>
  );
}
