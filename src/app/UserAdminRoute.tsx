import UserAdminPage from '@/features/account/UserAdminPage';
import { selectIsAdministrador, selectProfile, selectSessionEmail } from '@/features/auth/authSlice';
import { endSession } from '@/shared/api/baseApi';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

/** /admin composed by the app: the account feature's page gets the session from the auth feature. */
export default function UserAdminRoute() {
  const dispatch = useAppDispatch();
  return (
    <UserAdminPage
      profile={useAppSelector(selectProfile)}
      isAdministrador={useAppSelector(selectIsAdministrador)}
      email={useAppSelector(selectSessionEmail)}
      onLogout={() => void dispatch(endSession('logout'))}
    />
  );
}
