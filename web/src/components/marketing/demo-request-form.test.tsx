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

  it('posts the message with its source, shows submitting, then the success text and clears the form', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    renderForm({ phone: true, company: true });
    await user.type(screen.getByLabelText('Phone (optional)'), '+254 700 000 001');
    await fillAndSubmit(user);

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/messages');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      subject: 'Core banking hosting',
      message: 'We would like a demo.',
      phone: '+254 700 000 001',
      source: '/finance',
    });

    release(json(201, { id: 'm1' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(success));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('with successText={null} leaves the notice to the page (onSent) and takes an anchor id', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(201, { id: 'm1' }));
    const onSent = vi.fn();
    const { container } = renderForm({ id: 'contact-form', successText: null, onSent });
    expect(container.querySelector('form')).toHaveAttribute('id', 'contact-form');
    await fillAndSubmit(user);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's error text", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(400, { error: 'Email is not valid' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error submitting form: Email is not valid'));
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
  });

  it("uses the answer's message field when there is no error field", async () => {
    const user = userEvent.setup();
    mockFetch(() => json(422, { message: 'Message is too long' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error submitting form: Message is too long'));
  });

  it('treats a missing endpoint (404/405) as a server failure, never a success', async () => {
    const user = userEvent.setup();
    mockFetch(() => new Response('', { status: 405, statusText: 'Method Not Allowed' }));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error submitting form: Please try again.'));
    expect(screen.getByRole('status')).not.toHaveTextContent(success);
  });

  it('shows the network failure text when the server cannot be reached', async () => {
    const user = userEvent.setup();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Error submitting form. Please try again or contact us directly.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });
});
