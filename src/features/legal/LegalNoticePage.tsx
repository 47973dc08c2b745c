import { useMemo } from 'react';
import { legalNotice } from './legalContent';
import { LegalDocumentView, legalCompany } from './LegalDocumentView';

export default function LegalNoticePage() {
  const document = useMemo(() => legalNotice(legalCompany()), []);
  return <LegalDocumentView document={document} />;
}
