import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function AdminInvoicesPage() {
  return <PagePlaceholder title={routes.adminHome.title} />;
}
