import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import {
  ADMIN_CHANGE_PASSWORD,
  ADMIN_LOGOUT,
  ADMIN_MENU,
  MY_DATA_TITLE,
  GRANTED_TITLE,
  NOTICES_TITLE,
  PERMISSIONS_TITLE,
  RECORD_TITLE,
} from '../accountMessages';

/**
 * /admin's side column: the account menu, whose page holds the password change, the e-mail notices, the data
 * download and (customers only) the access record.
 */
export function UserAdminMenu({ onLogout, accessRecord }: { onLogout: () => void; accessRecord: boolean }) {
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
            <a href="#mis-datos">{MY_DATA_TITLE}</a>
          </li>
          <li>
            <a href="#permisos-de-acceso">{PERMISSIONS_TITLE}</a>
          </li>
          {accessRecord && (
            <>
              <li>
                <a href="#registro-de-accesos">{RECORD_TITLE}</a>
              </li>
              <li>
                <a href="#suministros-autorizados">{GRANTED_TITLE}</a>
              </li>
            </>
          )}
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
