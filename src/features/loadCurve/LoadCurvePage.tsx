import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function LoadCurvePage() {
  return <PagePlaceholder title={routes.loadCurve.title} />;
}
