import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function ReadingInputPage() {
  return <PagePlaceholder title={routes.readingInput.title} />;
}
