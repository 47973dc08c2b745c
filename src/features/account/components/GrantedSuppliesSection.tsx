import { Link } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { useGrantedSuppliesQuery } from '../accountApi';
import {
  GRANTED_HOLDER,
  GRANTED_INTRO,
  GRANTED_LOAD_FAILED,
  GRANTED_NONE,
  GRANTED_OPEN,
  GRANTED_TITLE,
  PERMISSION_DATES,
  PERMISSION_SCOPE_NAMES,
} from '../accountMessages';

/**
 * Mi cuenta's "Suministros autorizados" (issue 28): the supplies other holders let this customer read, the
 * holder named by initials only, each opening its consumption screens (and its invoices when in scope). The
 * screens are the usual ones: the server answers them read-only and refuses them, in Spanish, once revoked.
 */
export function GrantedSuppliesSection() {
  const granted = useGrantedSuppliesQuery();
  const list = granted.data?.autorizados;
  return (
    <section id="suministros-autorizados" className="granted" aria-labelledby="granted-title">
      <h2 id="granted-title">{GRANTED_TITLE}</h2>
      <p>{GRANTED_INTRO}</p>
      {granted.isError && (
        <ErrorWithRetry onRetry={() => void granted.refetch()}>
          {GRANTED_LOAD_FAILED} {describeApiError(granted.error)}
        </ErrorWithRetry>
      )}
      {list && list.length === 0 && <p>{GRANTED_NONE}</p>}
      {list?.map((grant) => (
        <div key={grant.id} className="granted__grant">
          <p>
            {GRANTED_HOLDER(grant.titular)} · {PERMISSION_SCOPE_NAMES[grant.alcance]} ·{' '}
            {PERMISSION_DATES(formatListDate(grant.desde), formatListDate(grant.hasta))}
          </p>
          <ul className="granted__supplies">
            {grant.suministros.map((supply) => (
              <li key={supply.codigoContrato}>
                <span>
                  {supply.cups} · {supply.direccion}
                </span>{' '}
                <Link to={pathTo('loadCurve', { id: supply.codigoContrato })}>{GRANTED_OPEN.loadCurve}</Link>{' '}
                <Link to={pathTo('telemetry', { id: supply.codigoContrato })}>{GRANTED_OPEN.telemetry}</Link>
                {grant.alcance === 'consumo_facturas' && (
                  <>
                    {' '}
                    <Link to={pathTo('invoices', { id: supply.codigoContrato })}>
                      {GRANTED_OPEN.invoices}
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
