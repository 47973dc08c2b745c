import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function AllInvoicesPage() {
  return <PagePlaceholder title={routes.allInvoices.title} />;
}
