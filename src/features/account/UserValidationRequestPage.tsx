import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function UserValidationRequestPage() {
  return <PagePlaceholder title={routes.userValidationRequest.title} />;
}
