import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserAdminPage() {
  return <PagePlaceholder title={routes.userAdmin.title} />;
}
