import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserValidationResendPage() {
  return <PagePlaceholder title={routes.userValidationResend.title} />;
}
