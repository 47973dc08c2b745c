import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { ADMIN_CHANGE_PASSWORD, ADMIN_LOGOUT, ADMIN_MENU } from '../accountMessages';

/** /admin's side column: the account menu, whose only page is the password change. */
export function UserAdminMenu({ onLogout }: { onLogout: () => void }) {
  return (
    <div>
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
  );
}
