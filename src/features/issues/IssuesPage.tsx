import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function IssuesPage() {
  return <PagePlaceholder title={routes.issues.title} />;
}
