import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserValidationErrorPage() {
  return <PagePlaceholder title={routes.userValidationError.title} />;
}
