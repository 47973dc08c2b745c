import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import {
  GO_TO_LOGIN,
  GREET_WITHOUT_NAME,
  VALIDATION_SUCCESS,
  VALIDATION_TITLE,
  greetUser,
} from './accountMessages';
import { AccountCard } from './components/AccountCard';
import { decodeUserName } from './linkParams';

export default function UserValidationPage() {
  const [params] = useSearchParams();
  const name = decodeUserName(params.get('user'));
  return (
    <AccountCard title={VALIDATION_TITLE} narrow>
      <h2>{name ? greetUser(name) : GREET_WITHOUT_NAME}</h2>
      <Notification kind="success">{VALIDATION_SUCCESS}</Notification>
      <p>
        <Link to={pathTo('login')}>{GO_TO_LOGIN}</Link>
      </p>
    </AccountCard>
  );
}
