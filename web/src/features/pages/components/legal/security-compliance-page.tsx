import { LegalDocument } from './legal-document';
import { securityContent } from './security-content';

/** The Security & Compliance page. */
export function SecurityCompliancePage() {
  return <LegalDocument content={securityContent} />;
}
