import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function InvoicesPage() {
  return <PagePlaceholder title={routes.invoices.title} />;
}
