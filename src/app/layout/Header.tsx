import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { endSession } from '@/shared/api/baseApi';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pathTo } from '@/shared/config/routes';
import { useMeQuery } from '@/features/auth/authApi';
import { useContractTotals } from '@/features/contracts/useContractTotals';
import { PHONE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import {
  CONTRACTS_COUNTER,
  ELECTRICITY_COUNTER,
  GAS_COUNTER,
  LOGOUT,
  MENU_BUTTON,
  SESSION_NAV_LABEL,
  greeting,
  logoAlt,
  versionText,
} from './layoutMessages';
import { ContactStrip } from './ContactStrip';
import { MainMenu } from './MainMenu';
import { SupplyBar } from './SupplyBar';
import { useStoredTotals } from './useStoredTotals';

const MENU_ID = 'menu-principal';
const CONTACT_ID = 'cabecera-contacto';

// package.json's version, set at build time by webpack's DefinePlugin (jest.config.ts sets it for the tests).
export const APP_VERSION = process.env.OV_APP_VERSION ?? '';
export function Header() {
  const dispatch = useAppDispatch();
  const { accessToken, isAdministrador, isAtencion, profile } = useAppSelector((state) => state.auth);
  const { company } = getRuntimeConfig();
  const totals = useStoredTotals();
  const signedIn = Boolean(accessToken);
  // Reading the profile on every page load also checks the stored session: an expired or revoked token
  // ends it through baseQuery before the user works on a stale screen.
  const { data: freshProfile } = useMeQuery(undefined, { skip: !signedIn });
  const givenName = (freshProfile ?? profile)?.given_name;
  // Customers fill the totals on their home page; administrators never open it, so their counter loads here.
  useContractTotals(signedIn && isAdministrador);
  // On a phone everything but the logo waits behind the Menú button (layout.css); wider screens ignore it.
  const [menuOpen, setMenuOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  // A followed link closes the menu and hides itself, so focus moves on to the new page's content.
  const closeAfterNavigation = () => {
    if (!menuOpen) return;
    setMenuOpen(false);
    document.getElementById('contenido')?.focus();
  };

  return (
    <header className={menuOpen ? 'header header--open' : 'header'}>
      {/* On a phone the strip opens below the menu, so it follows the menu in the tab order too. */}
      {!phone && <ContactStrip id={CONTACT_ID} />}
      <div className="header__inner header__bar">
        <Link to={pathTo(isAtencion ? 'attention' : 'home')} className="header__brand">
          <img src={company.logo} alt={logoAlt(company.name)} width="200" height="44" />
        </Link>
        <p className="header__version">{versionText(APP_VERSION)}</p>
        {signedIn && (
          <nav className="header__nav" aria-label={SESSION_NAV_LABEL}>
            {isAdministrador && totals.contracts !== null && (
              <p className="header__totals">
                {CONTRACTS_COUNTER} <strong>{totals.contracts}</strong>
              </p>
            )}
            {!isAdministrador && !isAtencion && (totals.electricidad !== null || totals.gas !== null) && (
              <p className="header__totals">
                {ELECTRICITY_COUNTER} <strong>{totals.electricidad ?? 0}</strong> · {GAS_COUNTER}{' '}
                <strong>{totals.gas ?? 0}</strong>
              </p>
            )}
            {givenName && <p className="header__greeting">{greeting(givenName)}</p>}
            <button
              type="button"
              className="header__logout"
              onClick={() => void dispatch(endSession('logout'))}
            >
              {LOGOUT}
            </button>
          </nav>
        )}
        {/* Last in the bar, so the menu it opens comes next in the tab order; CSS keeps it beside the logo. */}
        <button
          ref={menuButton}
          type="button"
          className="header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={signedIn ? `${CONTACT_ID} ${MENU_ID}` : CONTACT_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {MENU_BUTTON}
        </button>
      </div>
      {/* Mi cuenta in this menu is the only way to the password change of /admin, for everyone. */}
      {signedIn && (
        <MainMenu
          id={MENU_ID}
          isAdministrador={isAdministrador}
          isAtencion={isAtencion}
          onNavigate={closeAfterNavigation}
        />
      )}
      {phone && <ContactStrip id={CONTACT_ID} />}
      {signedIn && !isAdministrador && !isAtencion && <SupplyBar placement="header" />}
    </header>
  );
}
