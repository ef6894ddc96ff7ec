// Links to the contact page's message form, its Subject prefilled: the
// product pages' "contact us" actions point here (the contact page reads
// `?subject=`).

/** The id of the message form on /contact (the links' `#` target). */
export const contactFormId = 'contact-form';

/** The contact form with its Subject prefilled: `/contact?subject=<encoded>#contact-form`. */
export function contactFormHref(subject: string): `/${string}` {
  return `/contact?subject=${encodeURIComponent(subject)}#${contactFormId}`;
}
