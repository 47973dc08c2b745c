import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';

export function Footer() {
  const { company } = getRuntimeConfig();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <address className="footer__address">{company.postalAddress}</address>
        <nav aria-label="Información legal">
          <ul className="footer__links">
            <li>
              <Link to={pathTo('legalNotice')}>Aviso legal</Link>
            </li>
            <li>
              <Link to={pathTo('cookiePolicy')}>Política de cookies</Link>
            </li>
            <li>
              <Link to={pathTo('privacyPolicy')}>Política de privacidad</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__copyright">© 2018 {company.name}</p>
      </div>
    </footer>
  );
}
