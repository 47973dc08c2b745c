import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function CookiePolicyPage() {
  return <PagePlaceholder title={routes.cookiePolicy.title} />;
}
