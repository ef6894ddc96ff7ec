import type { ReactNode } from 'react';
import { LegalDocument } from './legal-document';
import { privacyContent } from './privacy-content';

/** The Privacy Policy page; `children` (the request form) follow its sections. */
export function PrivacyPage({ children }: { children?: ReactNode }) {
  return <LegalDocument content={privacyContent}>{children}</LegalDocument>;
}
