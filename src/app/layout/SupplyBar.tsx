import { useMatches } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { isContractRoute, SupplySelector } from '@/shared/session/SupplySelector';

/**
 * The supply selector of the contract screens: in the header on a phone, where it stays in view while the
 * menu is folded, and at the top of the screen's content on wider screens. Each place asks for its own.
 */
export function SupplyBar({ placement }: { placement: 'header' | 'main' }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const match = useMatches().find((entry) => isContractRoute(entry.id));
  const route = match?.id;
  if (!match || !route || !isContractRoute(route) || phone !== (placement === 'header')) return null;
  return (
    <div className={`supply-bar supply-bar--${placement}`}>
      <SupplySelector key={route} route={route} codAbonado={match.params.id ?? ''} />
    </div>
  );
}
