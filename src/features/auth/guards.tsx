import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import type { AuthRootState } from './authSlice';

const selectSignedIn = (state: AuthRootState) => Boolean(state.auth.accessToken);

/** Signed-in areas: without a stored access token the user goes to /login (spec 01 §6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useSelector(selectSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to={pathTo('login')} replace state={{ from: location.pathname }} />;
  return children;
}

/**
 * Guest pages: a signed-in user goes to /. While a login is still loading its profile the login page stays, so
 * that the user lands once; administrators go straight to their home, where / would send them anyway.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { accessToken, status, isAdministrador } = useSelector((state: AuthRootState) => state.auth);
  if (accessToken && status !== 'loading') {
    return <Navigate to={pathTo(isAdministrador ? 'adminHome' : 'home')} replace />;
  }
  return children;
}

/** /administrador-fincas: only when the stored isAdministrador is true; else / if signed in, /login if not. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { accessToken, isAdministrador } = useSelector((state: AuthRootState) => state.auth);
  if (!accessToken) return <Navigate to={pathTo('login')} replace />;
  if (!isAdministrador) return <Navigate to={pathTo('home')} replace />;
  return children;
}
