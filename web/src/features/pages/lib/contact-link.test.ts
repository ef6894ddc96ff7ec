import { describe, expect, it } from 'vitest';
import { contactFormHref } from './contact-link';

describe('contact link', () => {
  it('links to the contact form with the subject prefilled', () => {
    expect(contactFormHref('Virtual server: Basic plan')).toBe('/contact?subject=Virtual%20server%3A%20Basic%20plan#contact-form');
  });
});
