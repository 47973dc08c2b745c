import { useMemo } from 'react';
import { privacyPolicy } from './legalContent';
import { LegalDocumentView, legalCompany } from './LegalDocumentView';

export default function PrivacyPolicyPage() {
  const document = useMemo(() => privacyPolicy(legalCompany()), []);
  return <LegalDocumentView document={document} />;
}
