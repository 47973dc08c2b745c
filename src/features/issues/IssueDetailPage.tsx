import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function IssueDetailPage() {
  return <PagePlaceholder title={routes.issueDetail.title} />;
}
