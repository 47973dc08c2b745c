import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { COOKIE_POLICY, LEGAL_NAV_LABEL, LEGAL_NOTICE, PRIVACY_POLICY, copyright } from './layoutMessages';

export function Footer() {
  const { company } = getRuntimeConfig();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <address className="footer__address">{company.postalAddress}</address>
        <nav aria-label={LEGAL_NAV_LABEL}>
          <ul className="footer__links">
            <li>
              <Link to={pathTo('legalNotice')}>{LEGAL_NOTICE}</Link>
            </li>
            <li>
              <Link to={pathTo('cookiePolicy')}>{COOKIE_POLICY}</Link>
            </li>
            <li>
              <Link to={pathTo('privacyPolicy')}>{PRIVACY_POLICY}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer__copyright">{copyright(company.name)}</p>
      </div>
    </footer>
  );
}
