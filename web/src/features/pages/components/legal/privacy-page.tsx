import { LegalDocument } from './legal-document';
import { privacyContent } from './privacy-content';

/** The Privacy Policy page. */
export function PrivacyPage() {
  return <LegalDocument content={privacyContent} />;
}
