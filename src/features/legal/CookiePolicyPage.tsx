import { useMemo } from 'react';
import { cookiePolicy } from './legalContent';
import { LegalDocumentView, legalCompany } from './LegalDocumentView';

export default function CookiePolicyPage() {
  const document = useMemo(() => cookiePolicy(legalCompany()), []);
  return <LegalDocumentView document={document} />;
}
