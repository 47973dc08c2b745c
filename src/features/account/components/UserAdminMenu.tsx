import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { ADMIN_CHANGE_PASSWORD, ADMIN_LOGOUT, ADMIN_MENU, NOTICES_TITLE } from '../accountMessages';

/** /admin's side column: the account menu, whose page holds the password change and the e-mail notices. */
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
            <a href="#avisos-por-correo">{NOTICES_TITLE}</a>
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
