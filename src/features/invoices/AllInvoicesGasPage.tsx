import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function AllInvoicesGasPage() {
  return <PagePlaceholder title={routes.allInvoicesGas.title} />;
}
