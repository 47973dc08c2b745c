import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserValidationPage() {
  return <PagePlaceholder title={routes.userValidation.title} />;
}
