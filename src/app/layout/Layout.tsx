import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { pageTitle, type RouteHandle } from '@/shared/config/routes';
import { useAppSelector } from '@/shared/store/hooks';
import { Spinner } from '@/shared/ui/Spinner';
import { ErrorBoundary } from '../ErrorBoundary';
import { Footer } from './Footer';
import { GlobalLoadingIndicator } from './GlobalLoadingIndicator';
import { Header } from './Header';
import { NOT_FOUND_TITLE, SKIP_TO_CONTENT } from './layoutMessages';
import { NotFoundPage } from './NotFoundPage';
import { SupplyBar } from './SupplyBar';
import './layout.css';

/**
 * A path with a broken %-escape (/issues/%E0%A4%A) names no page: the router would hand the raw text to a
 * route as its parameter, or a guard would send the user to /login first.
 */
function isMalformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** Every navigation scrolls to the top and sets the title to the prefix plus the section (spec 01 §2). */
function useRouteChrome(malformed: boolean) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const section = malformed ? NOT_FOUND_TITLE : handle?.title;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (section) document.title = pageTitle(section, getRuntimeConfig().titlePrefix);
  }, [section, pathname]);
}

export function Layout() {
  const { pathname } = useLocation();
  const malformed = isMalformed(pathname);
  useRouteChrome(malformed);
  const signedIn = useAppSelector((state) => Boolean(state.auth.accessToken));
  return (
    <div className={signedIn ? 'shell shell--session' : 'shell'}>
      <a className="skip-link" href="#contenido">
        {SKIP_TO_CONTENT}
      </a>
      <Header />
      <GlobalLoadingIndicator />
      <main id="contenido" className="shell__main" tabIndex={-1}>
        {signedIn && <SupplyBar placement="main" />}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>{malformed ? <NotFoundPage /> : <Outlet />}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
