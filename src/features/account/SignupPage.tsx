import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function SignupPage() {
  return <PagePlaceholder title={routes.signup.title} />;
}
