import { LegalDocument } from './legal-document';
import { slaContent } from './sla-content';

/** The Service Level Agreement page. */
export function ServiceLevelAgreementPage() {
  return <LegalDocument content={slaContent} />;
}
