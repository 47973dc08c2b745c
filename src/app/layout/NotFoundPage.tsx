import { pathTo } from '@/shared/config/routes';

import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './layoutMessages';
import { Page } from '@/shared/ui/Page';

export function NotFoundPage() {
  return (
    <Page className="not-found" title={NOT_FOUND_TITLE} back={pathTo('home')}>
      <p>{NOT_FOUND_TEXT}</p>
    </Page>
  );
}
