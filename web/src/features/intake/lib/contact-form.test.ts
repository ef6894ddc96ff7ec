import { afterEach, describe, expect, it } from 'vitest';
import fr from '@/i18n/catalogs/fr.json';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { fieldOfRefusal, fillDuration, newFormFill, refusalText } from './contact-form';

afterEach(async () => {
  await activateLocale('en');
});

describe('contact form logic', () => {
  it('gives every fill its own key and the time it was shown', () => {
    const first = newFormFill(1_000);
    const second = newFormFill(2_000);
    expect(first.shownAt).toBe(1_000);
    expect(second.shownAt).toBe(2_000);
    expect(first.key).not.toBe(second.key);
    expect(first.key.length).toBeGreaterThanOrEqual(32);
  });

  it('measures how long the form was on screen, never negative', () => {
    const fill = newFormFill(1_000);
    expect(fillDuration(fill, 4_250.4)).toBe(3_250);
    expect(fillDuration(fill, 500)).toBe(0);
  });

  it.each([
    ['Name is required', 'name'],
    ['Name must be at most 100 characters', 'name'],
    ['Please enter a valid email address', 'email'],
    ['Email must not contain control characters', 'email'],
    ['Subject must be at most 200 characters', 'subject'],
    ['Message must be at most 5000 characters', 'message'],
    ['Phone must be at most 40 characters', 'phone'],
    ['Company must be at most 200 characters', 'company'],
  ] as const)('"%s" is about the %s field', (message, field) => {
    expect(fieldOfRefusal(message)).toBe(field);
  });

  it.each(['Source must be a path on this site, such as /contact', 'Idempotency-Key must be 8 to 200 visible characters', 'Names are odd', ''])(
    '"%s" is about no field of the form',
    (message) => {
      expect(fieldOfRefusal(message)).toBeNull();
    },
  );
});

describe("a refusal's words", () => {
  it("are the server's own in English", () => {
    expect(refusalText('Name is required')).toBe('Name is required');
  });

  it("are the page's language's in French, by the field, or the server's when unknown", async () => {
    await activateLocale('fr');
    await loadArea('messageForm');
    expect(refusalText('Name is required')).toBe(fr['messageForm.refusal.required']);
    expect(refusalText('Please enter a valid email address')).toBe(fr['messageForm.refusal.email']);
    expect(refusalText('Message must be at most 5000 characters')).toBe('Ce champ ne doit pas dépasser 5\u202f000 caractères.');
    expect(refusalText('Message contains characters that are not allowed')).toBe('Message contains characters that are not allowed');
  });
});
