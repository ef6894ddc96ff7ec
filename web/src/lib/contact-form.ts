/** The contact form with its Subject prefilled: `/contact?subject=<encoded>#contact-form`. */
export function contactFormHref(subject: string): string {
  return `/contact?subject=${encodeURIComponent(subject)}#contact-form`;
}
