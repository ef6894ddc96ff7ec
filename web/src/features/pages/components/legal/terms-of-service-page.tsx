import { LegalDocument } from './legal-document';
import { termsContent } from './terms-content';

/** The Terms of Service page, dated the day it is viewed. */
export function TermsOfServicePage() {
  return <LegalDocument content={termsContent()} />;
}
