import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function PasswordResetPage() {
  return <PagePlaceholder title={routes.passwordReset.title} />;
}
