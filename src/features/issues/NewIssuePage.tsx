import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function NewIssuePage() {
  return <PagePlaceholder title={routes.newIssue.title} />;
}
