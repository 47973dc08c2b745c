import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function TelemetryPage() {
  return <PagePlaceholder title={routes.telemetry.title} />;
}
