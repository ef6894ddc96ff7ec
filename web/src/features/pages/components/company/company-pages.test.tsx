import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings as settings } from '@/api-types/site-settings-defaults';
import { dismissToast, useCurrentToast } from '@/lib/toast-store';
import { json, mockFetch, renderApp, type Handler } from '@/test/render';
import { financeMarketStats } from './finance-content';

afterEach(() => {
  // The toast store is global: a toast one test raised must not show in the next.
  const { result, unmount } = renderHook(() => useCurrentToast());
  const current = result.current;
  if (current) act(() => dismissToast(current.id));
  unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Signed out; `/api/messages` answered by `messages`. */
function backend(messages: Handler) {
  return mockFetch((url, init) => {
    if (url === '/api/user') return json(401, { message: 'Unauthorized' });
    if (url === '/api/messages') return messages(url, init);
    return json(404, {});
  });
}

async function fillContactForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
  await user.type(screen.getByLabelText('Email'), 'amina@example.com');
  await user.type(screen.getByLabelText('Phone (optional)'), '+254 700 000 001');
  const subject = screen.getByLabelText('Subject');
  await user.clear(subject);
  await user.type(subject, 'Colocation quote');
  await user.type(screen.getByLabelText('Message'), 'Two racks in Nairobi, please.');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('/contact', () => {
  it('links the hero, the three option cards and the contact details', async () => {
    backend(() => json(201, {}));
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a Message' })).toHaveAttribute('href', '#contact-form');
    expect(screen.getByRole('link', { name: 'About Nyota Cloud' })).toHaveAttribute('href', '/about');

    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
    expect(within(card('Investment & Portfolio')).getByRole('link')).toHaveAttribute(
      'href',
      `mailto:${settings.investorEmail}`,
    );
    expect(within(card('General Inquiries')).getByRole('link')).toHaveAttribute('href', `mailto:${settings.infoEmail}`);
    expect(within(card('Enterprise Solutions')).getByRole('link')).toHaveAttribute('href', '#contact-form');

    expect(document.querySelector('form#contact-form')).not.toBeNull();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Phone (optional)')).not.toBeRequired();

    const details = screen.getByRole('complementary', { name: 'Contact Details' });
    expect(within(details).getByRole('link', { name: settings.phone })).toHaveAttribute('href', 'tel:+254700000000');
    expect(within(details).getByRole('link', { name: settings.infoEmail })).toHaveAttribute('href', `mailto:${settings.infoEmail}`);
    expect(details).toHaveTextContent(settings.office.building);
    expect(details).toHaveTextContent(settings.office.street);
    expect(details).toHaveTextContent('Mon-Fri 8AM-6PM EAT');
    expect(details).toHaveTextContent('We reply within 24 hours');
  });

  it('prefills the subject from ?subject=', async () => {
    backend(() => json(201, {}));
    renderApp(`/contact?subject=${encodeURIComponent('Virtual servers: Professional plan')}#contact-form`);
    expect(await screen.findByLabelText('Subject')).toHaveValue('Virtual servers: Professional plan');
  });

  it('sends the message, shows the Message Sent toast and clears the form', async () => {
    const user = userEvent.setup();
    const fetch = backend(() => json(201, { id: 'm1' }));
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fillContactForm(user);

    const toast = await screen.findByText('Message Sent');
    expect(toast.parentElement).toHaveTextContent("Thank you! We'll get back to you soon.");
    const call = fetch.mock.calls.find(([url]) => String(url) === '/api/messages');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      subject: 'Colocation quote',
      message: 'Two racks in Nairobi, please.',
      phone: '+254 700 000 001',
      source: '/contact',
      fillMs: expect.any(Number),
      language: 'en',
    });
    expect((call?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    for (const label of ['Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    // The contact page's notice is the toast; the demo forms' thank-you is not shown here.
    expect(screen.queryByText(/Your demo request has been submitted/)).toBeNull();
  });

  it.each([
    ['a server error', () => json(400, { error: 'Email is not valid' }), 'Error submitting form: Email is not valid'],
    ['a missing endpoint (404)', () => json(404, {}), 'Error submitting form: Please try again.'],
    [
      'a missing method (405)',
      () => new Response('', { status: 405, statusText: 'Method Not Allowed' }),
      'Error submitting form: Please try again.',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Error submitting form. Please try again or contact us directly.',
    ],
  ] as const)('shows the failure text on %s and keeps what was typed', async (_, answer, text) => {
    const user = userEvent.setup();
    backend(answer);
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fillContactForm(user);

    const form = document.querySelector<HTMLFormElement>('form#contact-form')!;
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(text));
    expect(screen.queryByText('Message Sent')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
    expect(screen.getByLabelText('Message')).toHaveValue('Two racks in Nairobi, please.');
  });
});

describe('/finance', () => {
  it('shows the market figures, Schedule a Demo to the form and the contact links', async () => {
    backend(() => json(201, {}));
    renderApp('/finance');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(financeMarketStats().map((s) => s.value)).toEqual(['About 26%', '22% CAGR', 'KES 1.4T', 'Above KES 10M']);
    for (const stat of financeMarketStats()) expect(screen.getByText(stat.value)).toBeInTheDocument();
    for (const text of ['99.9%', '24/7', '50%']) expect(screen.getByText(text)).toBeInTheDocument();
    for (const heading of ['Infrastructure as a Service', 'Managed Infrastructure', 'Co-location', 'Platform as a Service']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Schedule a Demo' })).toHaveAttribute('href', '#request-demo');
    expect(screen.getByRole('heading', { name: 'Request a Demo' }).closest('section')).toHaveAttribute('id', 'request-demo');
    expect(screen.getByRole('link', { name: `Email ${settings.salesEmail}` }).getAttribute('href')).toMatch(
      /^mailto:sales@nyota\.example\?subject=/,
    );
    for (const link of screen.getAllByRole('link', { name: /^Book a Call/ })) {
      expect(link).toHaveAttribute('href', settings.bookingUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('/solutions/nyota-finance', () => {
  const visiblePrices = () =>
    screen
      .getAllByRole('article')
      .filter((card) => !card.closest('[hidden]'))
      .map((card) => card.querySelector('p.mt-4')?.textContent);

  it('switches provider and billing and shows the exact price labels', async () => {
    const user = userEvent.setup();
    backend(() => json(201, {}));
    renderApp('/solutions/nyota-finance');
    expect(await screen.findByRole('tab', { name: 'Google Workspace' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(visiblePrices()).toEqual(['$8.40/month', '$16.80/month', '$26.40/month', 'Contact sales']);
    expect(screen.getByText('per user, billed monthly: $100.80 a year')).toBeInTheDocument();
    expect(screen.getAllByText('Save 25% vs launch').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(visiblePrices()).toEqual(['$84/year', '$168/year', '$264/year', 'Contact sales']);
    expect(screen.getByText('per user, billed yearly: $7 a month instead of $8.40')).toBeInTheDocument();
    // The badge states the yearly saving, not the monthly view's.
    expect(screen.getAllByText('Save 17% vs monthly billing')).toHaveLength(3);
    expect(screen.queryByText('Save 25% vs launch')).not.toBeInTheDocument();
    expect(screen.getByText('$100.80').tagName).toBe('DEL');
    expect(screen.getByText('$100.80').parentElement).toHaveTextContent('Instead of $100.80 a year on monthly billing');

    // Keyboard: the provider tabs move with the arrow keys.
    screen.getByRole('tab', { name: 'Google Workspace' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Zoho Mail' })).toHaveAttribute('aria-selected', 'true');
    expect(visiblePrices()).toEqual(['$6.96/year', '$27.84/year', '$48.72/year', 'Contact sales']);

    // Keyboard: the billing radios too.
    screen.getByRole('radio', { name: 'Yearly' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(visiblePrices()).toEqual(['$0.58/month', '$2.32/month', '$4.06/month', 'Contact sales']);
    expect(screen.getByText('$1').parentElement).toHaveTextContent('Instead of $1 a month after the launch offer');

    expect(screen.queryByText('Most Popular')).toBeNull();
    const zoho = screen.getByRole('tabpanel', { name: 'Zoho Mail' });
    expect(within(zoho).getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      '/contact?subject=Hosted%20email%3A%20Zoho%20Mail%20Workplace%20Enterprise#contact-form',
    );
    expect(within(zoho).getByRole('link', { name: 'Get Started with Zoho Mail Mail Lite' })).toHaveAttribute(
      'href',
      '#request-demo',
    );
    expect(screen.getByRole('heading', { name: 'Request Demo' }).closest('section')).toHaveAttribute('id', 'request-demo');
  });
});
