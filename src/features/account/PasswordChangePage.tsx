import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function PasswordChangePage() {
  return <PagePlaceholder title={routes.passwordChange.title} />;
}
