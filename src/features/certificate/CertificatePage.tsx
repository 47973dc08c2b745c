import { routes } from '@/shared/config/routes';
import { PagePlaceholder } from '@/shared/ui/PagePlaceholder';

export default function CertificatePage() {
  return <PagePlaceholder title={routes.certificate.title} />;
}
