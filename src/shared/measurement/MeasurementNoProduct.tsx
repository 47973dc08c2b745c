import type { ComponentProps } from 'react';
import { pathTo } from '@/shared/config/routes';
import { ContractLookupNotice } from '@/shared/session/ContractLookupNotice';
import { Page } from '@/shared/ui/Page';
import { NO_HOLDER_DATA } from './measurementMessages';

type Lookup = Omit<ComponentProps<typeof ContractLookupNotice>, 'notFound'>;

/** A measurement screen without its product: the title, a way home, and the lookup's state (spec 02 §8). */
export function MeasurementNoProduct({ title, ...lookup }: { title: string } & Lookup) {
  return (
    <Page className="measurement" titleId="page-title" title={title} back={pathTo('home')}>
      <ContractLookupNotice {...lookup} notFound={NO_HOLDER_DATA} />
    </Page>
  );
}
