import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { endSession } from '@/shared/api/baseApi';
import { pathTo, type RouteId } from '@/shared/config/routes';
import { FOCUS_TITLE } from '@/shared/ui/Page';
import type { AppState } from '@/shared/store/appState';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';

const selectSignedIn = (state: AppState) => Boolean(state.auth.accessToken);
/** What a session leaves behind besides its token: the profile, or the e-mail and flag of the login answer. */
const selectHasSessionLeftovers = (state: AppState) =>
  Boolean(
    state.auth.profile ||
    state.auth.email ||
    state.auth.refreshToken ||
    state.auth.isAdministrador ||
    state.auth.isAtencion,
  );

/** The home of a session: the staff's queue, the administrators' invoices, or the customers' home. */
function homeOf({ isAtencion, isAdministrador }: { isAtencion: boolean; isAdministrador: boolean }): RouteId {
  if (isAtencion) return 'attention';
  return isAdministrador ? 'adminHome' : 'home';
}

/** Closes what a token lost outside a logout left behind (see RequireAuth). */
function useClearLeftovers(signedIn: boolean) {
  const hasLeftovers = useAppSelector(selectHasSessionLeftovers);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn && hasLeftovers) void dispatch(endSession('noToken'));
  }, [signedIn, hasLeftovers, dispatch]);
}

/**
 * Signed-in areas: without a stored access token the session is closed and the user goes to /login (spec 01
 * §4, §6). Closing clears what a token lost outside a logout (another tab, storage cleared by hand) left
 * behind, so no profile, CUPS list or requests of the last user outlive it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectSignedIn);
  const isAtencion = useAppSelector((state) => state.auth.isAtencion);
  const location = useLocation();
  useClearLeftovers(signedIn);
  if (!signedIn) return <Navigate to={pathTo('login')} replace state={{ from: location.pathname }} />;
  // A staff session never opens a customer's page (issue 27).
  if (isAtencion) return <Navigate to={pathTo('attention')} replace />;
  return children;
}

/**
 * Guest pages: a signed-in user goes to /. While a login is still loading its profile the login page stays, so
 * that the user lands once; administrators go straight to their home, where / would send them anyway.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const auth = useAppSelector((state) => state.auth);
  if (auth.accessToken && auth.status !== 'loading') {
    // A login that succeeds lands here: the home's title takes the focus from the form that is gone.
    return <Navigate to={pathTo(homeOf(auth))} replace state={FOCUS_TITLE} />;
  }
  return children;
}

/** /administrador-fincas: only when the stored isAdministrador is true; else / if signed in, /login if not. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const auth = useAppSelector((state) => state.auth);
  if (!auth.accessToken) return <Navigate to={pathTo('login')} replace />;
  if (!auth.isAdministrador) return <Navigate to={pathTo(homeOf(auth))} replace />;
  return children;
}

/** The staff's area (issue 27): only a staff session; others go to their own home, no session to its sign-in. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const auth = useAppSelector((state) => state.auth);
  const signedIn = Boolean(auth.accessToken);
  useClearLeftovers(signedIn);
  if (!signedIn) return <Navigate to={pathTo('attentionLogin')} replace />;
  if (!auth.isAtencion) return <Navigate to={pathTo(homeOf(auth))} replace />;
  return children;
}
