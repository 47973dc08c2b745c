import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserVerifyEmailPage() {
  return <PagePlaceholder title={routes.userVerifyEmail.title} />;
}
