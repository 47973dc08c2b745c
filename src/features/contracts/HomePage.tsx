import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import type { StateWithSession } from '@/shared/api/session';
import { pathTo, routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

/** Administrators have their own home (spec 01 §2 Home); customers get the home of a later version. */
export default function HomePage() {
  const isAdministrador = useSelector((state: StateWithSession) => state.auth.isAdministrador);
  if (isAdministrador) return <Navigate to={pathTo('adminHome')} replace />;
  return <PagePlaceholder title={routes.home.title} />;
}
