import { LegalDocument } from './legal-document';
import { dpaContent } from './dpa-content';

/** The Data Processing Agreement page. */
export function DataProcessingAgreementPage() {
  return <LegalDocument content={dpaContent} />;
}
