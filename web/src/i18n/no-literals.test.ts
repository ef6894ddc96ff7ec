/// <reference types="node" />
// No text a person reads is written into a component that has moved to the
// catalogues: JSX text, and the attributes read aloud or shown (aria-label,
// title, placeholder, alt, label), come from `t(…)`. The list grows as
// components move (issue 39); product names are the only literals allowed.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');

/** Components whose texts are all in the catalogues. */
const translated = [
  'app/layout.tsx',
  'features/layout/components/header.tsx',
  'features/layout/components/desktop-menu.tsx',
  'features/layout/components/footer.tsx',
  'features/layout/components/language-switcher.tsx',
  'features/layout/components/language-suggestion.tsx',
  'features/layout/lib/nav-links.ts',
  'features/cookie-consent/components/cookie-banner.tsx',
  'features/pages/components/not-found-page.tsx',
  'features/pages/components/home-page.tsx',
  'features/pages/components/home/home-content.ts',
  'features/pages/components/home/product-tabs.tsx',
  'features/pages/components/home/services-section.tsx',
  'features/pages/components/home/testimonial-carousel.tsx',
  'features/pages/components/home/partner-strip.tsx',
  'features/pages/components/home/hero-video.tsx',
  'features/chat/components/widget/chat-launcher.tsx',
  'features/chat/components/widget/chat-widget.tsx',
  'features/chat/components/widget/chat-start-form.tsx',
  'features/chat/components/widget/chat-conversation.tsx',
  'features/chat/components/widget/chat-rating.tsx',
  'features/chat/components/widget/chat-status-line.tsx',
  'features/chat/components/widget/chat-transcript-button.tsx',
  'features/chat/components/chat-message-log.tsx',
  'features/chat/components/message-status.tsx',
  'features/chat/components/pending-message.tsx',
  'features/chat/components/attachments/attachment-controls.tsx',
  'features/chat/components/attachments/message-attachment.tsx',
  'features/chat/lib/chat-line.ts',
  'features/chat/lib/chat-hours.ts',
  'features/chat/api/upload-attachment.ts',
  'features/chat/components/chat-emails-page.tsx',
  'components/marketing/action-link.tsx',
  'components/marketing/steps.tsx',
  'features/pages/components/products/product-content.ts',
  'features/pages/components/products/product-parts.tsx',
  'features/pages/components/products/bare-metal/bare-metal-content.ts',
  'features/pages/components/products/bare-metal/bare-metal-page.tsx',
  'features/pages/components/products/virtual-servers/virtual-servers-content.ts',
  'features/pages/components/products/virtual-servers/virtual-servers-page.tsx',
  'features/pages/components/products/storage-solutions/storage-solutions-content.ts',
  'features/pages/components/products/storage-solutions/storage-solutions-page.tsx',
  'features/pages/components/products/managed-infrastructure/managed-infrastructure-content.ts',
  'features/pages/components/products/managed-infrastructure/managed-infrastructure-page.tsx',
  'features/pages/components/products/data-forge/data-forge-content.ts',
  'features/pages/components/products/data-forge/data-forge-page.tsx',
  'features/pages/components/company/hosted-email-plans.ts',
  'features/pages/components/company/hosted-email-page.tsx',
  'features/pages/components/about/about-page.tsx',
  'features/pages/components/about/about-content.ts',
  'features/pages/components/testimonials/testimonials-page.tsx',
  'features/pages/components/testimonials/testimonial-card.tsx',
  'features/pages/components/testimonials/testimonials-data.ts',
  'features/pages/components/company/contact-page.tsx',
  'features/pages/components/company/finance-page.tsx',
  'features/pages/components/company/finance-content.ts',
  'app/contact-route.tsx',
  'app/finance-route.tsx',
  'app/blog-route.tsx',
  'app/events-route.tsx',
  'features/intake/components/demo-request-form.tsx',
  'features/intake/components/subscribe-box.tsx',
  'features/intake/components/subscription-page.tsx',
  'features/intake/api/subscription-link.ts',
  'features/accounts/components/login-page.tsx',
  'features/accounts/components/login-form.tsx',
  'features/accounts/components/second-factor-step.tsx',
  'features/accounts/lib/account-texts.ts',
  'features/privacy/components/privacy-request-form.tsx',
  'features/privacy/api/submit-privacy-request.ts',
  'app/privacy-route.tsx',
  'features/accounts/api/login.ts',
  'features/accounts/api/register.ts',
  'features/accounts/components/register-page.tsx',
  'features/accounts/components/register-form.tsx',
  'app/register-route.tsx',
  'features/accounts/components/forgot-password-page.tsx',
  'features/accounts/components/reset-password-page.tsx',
  'features/accounts/components/auth-page.tsx',
  'features/content/components/blog/blog-page.tsx',
  'features/content/components/blog/blog-card.tsx',
  'features/content/components/blog/blog-sidebar.tsx',
  'features/content/components/blog/share-button.tsx',
  'features/content/components/blog/blog-post-page.tsx',
  'features/content/components/blog-article.tsx',
  'features/content/components/post-byline.tsx',
  'features/content/components/category-badge.tsx',
  'features/content/components/events/events-page.tsx',
  'features/content/components/events/event-card.tsx',
  'features/content/components/events/event-detail-page.tsx',
  'features/content/components/event-detail.tsx',
  'features/content/components/event-badges.tsx',
  'features/content/lib/event-sections.ts',
  'features/accounts/components/dashboard-page.tsx',
  'features/accounts/components/account-security-page.tsx',
  'features/accounts/components/passkeys-section.tsx',
  'features/accounts/components/totp-enrolment.tsx',
  'features/intake/components/waitlist-form.tsx',
  'features/intake/lib/waitlist-texts.ts',
  'lib/auth/logout.ts',
  'features/pages/components/legal/legal-document.tsx',
  'features/pages/components/legal/privacy-content.ts',
  'features/pages/components/legal/privacy-page.tsx',
  'features/pages/components/legal/sla-content.ts',
  'features/pages/components/legal/service-level-agreement-page.tsx',
  'features/pages/components/legal/dpa-content.ts',
  'features/pages/components/legal/data-processing-agreement-page.tsx',
  'features/pages/components/legal/terms-content.ts',
  'features/pages/components/legal/terms-of-service-page.tsx',
  'features/pages/components/legal/security-content.ts',
  'features/pages/components/legal/security-compliance-page.tsx',
];

/** Names that are the same in every language. */
const productNames = new Set(['Flexicloud', 'Kaa Rada', 'CloudX', 'Edge AI']);
const spokenAttributes = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** Object properties that hold a shown text in the layout's data (nav links). */
const textProperties = new Set(['label', 'description', 'title', 'text', 'summary', 'quote', 'position', 'service']);

function literalsIn(path: string, text = readFileSync(join(src, path), 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const words = (value: string) => /\p{L}{2,}/u.test(value) && !productNames.has(value.trim());
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && words(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && spokenAttributes.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value) && words(value.text)) found.push(`${node.name.getText()}="${value.text}"`);
    }
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && words(node.expression.text)) {
      found.push(node.expression.text);
    }
    if (ts.isPropertyAssignment(node) && textProperties.has(node.name.getText()) && ts.isStringLiteralLike(node.initializer) && words(node.initializer.text)) {
      found.push(`${node.name.getText()}: '${node.initializer.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('translated components', () => {
  it.each(translated)('%s shows no text outside the catalogues', (path) => {
    expect(literalsIn(path)).toEqual([]);
  });

  it('notices texts left in a component, and lets product names and code be', () => {
    const component = `
      const links = [{ to: '/a', label: 'About us' }, { to: '/b', label: 'Kaa Rada' }];
      export const A = () => <p title="Hello there" className="px-2">Welcome {'back'} <b>{t('x.y')}</b></p>;`;
    expect(literalsIn('sample.tsx', component)).toEqual(["label: 'About us'", 'title="Hello there"', 'Welcome', 'back']);
  });
});
