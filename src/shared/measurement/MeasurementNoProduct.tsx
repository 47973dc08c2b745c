import { pathTo } from '@/shared/config/routes';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { NO_HOLDER_DATA } from './measurementMessages';

/** A contract that is not among the session's products (spec 02 §8): the title, the notice, a way home. */
export function MeasurementNoProduct({ title }: { title: string }) {
  return (
    <Page className="measurement" titleId="page-title" title={title} back={pathTo('home')}>
      <Notification kind="info">{NO_HOLDER_DATA}</Notification>
    </Page>
  );
}
