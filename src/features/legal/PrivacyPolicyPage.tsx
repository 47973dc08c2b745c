import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function PrivacyPolicyPage() {
  return <PagePlaceholder title={routes.privacyPolicy.title} />;
}
