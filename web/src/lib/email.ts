// The one email rule of the site, the same as the server's: a real address with
// a dotted domain, and nothing ('?', '&', spaces) that could turn into another
// header or a second address once the address is put in a link or a mail.

/** What every form says about an address this rule refuses. */
export const invalidEmailMessage = 'Please enter a valid email address';

const maxLength = 254;
const localPart = /^[A-Za-z0-9._%+'-]{1,64}$/;
const domainLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const topLevelLabel = /^[A-Za-z]{2,}$/;

/**
 * Whether `address` is acceptable: local part 1–64 of [A-Za-z0-9._%+'-], not
 * starting or ending with '.', no '..'; '@'; at least two domain labels of
 * [A-Za-z0-9-] (1–63, no '-' at either end), the last one 2+ letters; at most
 * 254 characters. The caller trims; surrounding spaces are refused here.
 */
export function isValidEmail(address: string): boolean {
  if (address.length > maxLength) return false;
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (!localPart.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (labels.length < 2 || !labels.every((label) => domainLabel.test(label))) return false;
  return topLevelLabel.test(labels[labels.length - 1]!);
}
