import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function LegalNoticePage() {
  return <PagePlaceholder title={routes.legalNotice.title} />;
}
