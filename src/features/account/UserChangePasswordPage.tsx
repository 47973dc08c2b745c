import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserChangePasswordPage() {
  return <PagePlaceholder title={routes.userChangePassword.title} />;
}
