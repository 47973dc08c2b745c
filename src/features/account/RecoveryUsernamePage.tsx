import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function RecoveryUsernamePage() {
  return <PagePlaceholder title={routes.recoveryUsername.title} />;
}
