import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/render';
import { DemoRequestForm } from './demo-request-form';

const success =
  'Thank you! Your demo request has been submitted successfully. Our team will contact you within 24 hours.';

function renderForm(props: Partial<Parameters<typeof DemoRequestForm>[0]> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DemoRequestForm source="/finance" {...props} />
    </QueryClientProvider>,
  );
}

/** The form-level alert (field refusals have alerts of their own). */
function formAlert() {
  return document.querySelector('form > [role="alert"]')!;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
  await user.type(screen.getByLabelText('Email'), 'amina@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Core banking hosting');
  await user.type(screen.getByLabelText('Message'), 'We would like a demo.');
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DemoRequestForm', () => {
  it('has the required fields, an email input and a 4-row message box', () => {
    renderForm();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '4');
    expect(screen.queryByLabelText('Phone (optional)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Company (optional)')).not.toBeInTheDocument();
  });

  it('posts the message with its source, fill time and key, shows submitting, then the success text and clears the form', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const shown = performance.now();
    renderForm({ phone: true, company: true });
    await user.type(screen.getByLabelText('Phone (optional)'), '+254 700 000 001');
    await fillAndSubmit(user);

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/messages');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      subject: 'Core banking hosting',
      message: 'We would like a demo.',
      phone: '+254 700 000 001',
      source: '/finance',
      fillMs: expect.any(Number),
      language: 'en',
    });
    // How long the form was on screen before it was sent.
    expect(body.fillMs).toBeGreaterThanOrEqual(0);
    expect(body.fillMs).toBeLessThanOrEqual(performance.now() - shown + 1);
    const headers = init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,}$/);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');

    release(json(202, { id: 'm1', message: 'Thank you!' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(success));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('');
    expect(formAlert()).toBeEmptyDOMElement();
  });

  it('retries a failed fill with the same key and starts a new key after success', async () => {
    const user = userEvent.setup();
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const fetch = mockFetch(() => answer());
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(formAlert()).toHaveTextContent('Error submitting form. Please try again or contact us directly.'));
    answer = () => json(202, { id: 'm1', message: 'ok' });
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(success));
    await fillAndSubmit(user);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const keys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('has a honeypot that people cannot reach and that is sent only when filled', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(202, { id: 'm1', message: 'ok' }));
    const { container } = renderForm();
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();

    await user.type(honeypot, 'https://spam.example');
    await fillAndSubmit(user);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ website: 'https://spam.example' });
  });

  it("shows a refusal of one field by that field, in the server's words", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(400, { message: 'Message must be at most 5000 characters', field: 'message' }));
    renderForm();
    await fillAndSubmit(user);
    const message = screen.getByLabelText('Message');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription('Message must be at most 5000 characters');
    expect(formAlert()).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
    // Editing the field clears the refusal.
    await user.type(message, '!');
    expect(message).not.toHaveAttribute('aria-invalid');
  });

  it("shows the rate limit's message", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(429, { message: 'Too many messages sent. Please try again later.' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(formAlert()).toHaveTextContent('Error submitting form: Too many messages sent. Please try again later.'),
    );
  });

  it('with successText={null} leaves the notice to the page (onSent) and takes an anchor id', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(202, { id: 'm1', message: 'ok' }));
    const onSent = vi.fn();
    const { container } = renderForm({ id: 'contact-form', successText: null, onSent });
    expect(container.querySelector('form')).toHaveAttribute('id', 'contact-form');
    await fillAndSubmit(user);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's error text when it names no field", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(400, { error: 'The request body is not valid JSON' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(formAlert()).toHaveTextContent('Error submitting form: The request body is not valid JSON'));
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
  });

  it("uses the answer's message field when there is no error field", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(422, { message: 'Message is too long' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(formAlert()).toHaveTextContent('Error submitting form: Message is too long'));
  });

  it('treats a missing endpoint (404/405) as a server failure, never a success', async () => {
    const user = userEvent.setup();
    mockFetch(() => new Response('', { status: 405, statusText: 'Method Not Allowed' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(formAlert()).toHaveTextContent('Error submitting form: Please try again.'));
    expect(screen.getByRole('status')).not.toHaveTextContent(success);
  });

  it('shows the network failure text when the server cannot be reached', async () => {
    const user = userEvent.setup();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(formAlert()).toHaveTextContent(
        'Error submitting form. Please try again or contact us directly.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });
});
