import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@/api-types/Event';
import { defaultSiteSettings as settings } from '@/api-types/site-settings-defaults';
import { event, eventFacets, pagination } from '@/test/content-fixtures';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Backend = {
  list?: (query: URLSearchParams) => Response;
  facets?: () => Response;
  detail?: (id: string) => Response;
};

function page(events: Event[], current = 1, totalPages = 1) {
  return json(200, { events, pagination: pagination(current, totalPages) });
}

function backend(handlers: Backend) {
  return mockFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/events/facets') return handlers.facets?.() ?? json(200, eventFacets([]));
    if (parsed.pathname === '/api/events') {
      return handlers.list?.(parsed.searchParams) ?? page([]);
    }
    const detail = /^\/api\/events\/([^/]+)$/.exec(parsed.pathname);
    if (detail) return handlers.detail?.(detail[1]!) ?? json(404, { message: 'Event not found' });
    if (parsed.pathname === '/api/user') return json(401, { message: 'Unauthorized' });
    if (parsed.pathname === '/api/subscriptions') return json(202, { message: 'Thank you!' });
    return json(404, {});
  });
}

function listQueries(fetch: ReturnType<typeof mockFetch>): string[] {
  return fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events')
    .map((url) => url.search);
}

describe('/events', () => {
  it('shows the loading text, then cards with badges, facts, a link to the detail and Register Now', async () => {
    const summit = event({
      title: 'Nairobi Cloud Summit',
      category: 'Summit',
      status: 'upcoming',
      date: '2026-11-23',
      time: '09:00 - 17:00 EAT',
      location: 'KICC, Nairobi',
      registerLink: 'https://tickets.example.org/summit',
    });
    const past = event({ title: 'Edge Workshop', category: 'Workshop', status: 'completed', registerLink: 'https://tickets.example.org/edge' });
    const unsafe = event({ title: 'Data Day', category: 'Summit', status: 'upcoming', registerLink: 'javascript:alert(1)' });
    backend({ list: () => page([summit, past, unsafe]), facets: () => json(200, eventFacets([summit, past, unsafe])) });
    renderApp('/events');
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Events' });
    const card = (await within(upcoming).findByRole('link', { name: 'Nairobi Cloud Summit' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Nairobi Cloud Summit' })).toHaveAttribute('href', `/events/${summit.id}`);
    expect(card).toHaveTextContent('UPCOMING');
    expect(card).toHaveTextContent('Summit');
    expect(card).toHaveTextContent('November 23, 2026');
    expect(card).toHaveTextContent('09:00 - 17:00 EAT');
    expect(card).toHaveTextContent('KICC, Nairobi');
    const register = within(card).getByRole('link', { name: /Register Now/ });
    expect(register).toHaveAttribute('href', 'https://tickets.example.org/summit');
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('rel', 'noopener noreferrer');

    // A completed event is in a section of its own, after the upcoming ones.
    expect(within(upcoming).queryByRole('link', { name: 'Edge Workshop' })).not.toBeInTheDocument();
    const completed = screen.getByRole('region', { name: 'Completed Events' });
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')).filter((id) => id?.endsWith('-events-heading')),
    ).toEqual(['upcoming-events-heading', 'completed-events-heading', 'other-events-heading']);
    const pastCard = within(completed).getByRole('link', { name: 'Edge Workshop' }).closest('article')!;
    expect(pastCard).toHaveTextContent('COMPLETED');
    expect(pastCard).toHaveTextContent('This event has ended');
    expect(within(pastCard).queryByRole('link', { name: /Register Now/ })).not.toBeInTheDocument();
    const unsafeCard = within(upcoming).getByRole('link', { name: 'Data Day' }).closest('article')!;
    expect(within(unsafeCard).getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', settings.eventsSiteUrl);
    // Other Events repeats none of the cards above.
    expect(within(screen.getByRole('region', { name: 'Other Events' })).queryAllByRole('article')).toHaveLength(0);

    expect(screen.queryByRole('navigation', { name: 'Event pages' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us About Hosting' }).getAttribute('href')).toMatch(/^\/contact\?subject=/);
    // The title comes with the routes' metadata chunk, loaded after the page shows.
    await waitFor(() => expect(document.title).toBe('Upcoming Events | Nyota Cloud Events'));
  });

  it('asks for 12 per page and goes back to page 1 on a search, status or category change', async () => {
    const user = userEvent.setup();
    const all = [event({ status: 'upcoming', category: 'Summit' }), event({ status: 'completed', category: 'Workshop' })];
    const fetch = backend({
      facets: () => json(200, eventFacets(all)),
      // As the server: the status asked for is the status answered.
      list: (query) => page([event({ title: `Result ${query}`, status: query.get('status') === 'completed' ? 'completed' : 'upcoming' })], Number(query.get('page')), 2),
    });
    renderApp('/events');
    const nav = await screen.findByRole('navigation', { name: 'Event pages' });
    expect(listQueries(fetch)).toEqual(['?page=1&limit=12&lang=en']);
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await screen.findByText('Result page=2&limit=12&lang=en');

    const statuses = screen.getByRole('group', { name: 'Filter by status' });
    expect(within(statuses).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Upcoming', 'Completed']);
    expect(screen.getByRole('region', { name: 'Upcoming Events' })).toBeInTheDocument();
    await user.click(within(statuses).getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)).toBe('?page=1&limit=12&status=completed&lang=en'));
    expect(screen.getByRole('region', { name: 'Completed Events' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const categories = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(categories).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Summit', 'Workshop']);
    await user.click(within(categories).getByRole('button', { name: 'Workshop' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)).toBe('?page=1&limit=12&status=completed&category=Workshop&lang=en'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByPlaceholderText('Search events...'), ' gpu  ');
    await waitFor(() =>
      expect(listQueries(fetch).at(-1)).toBe('?page=1&limit=12&search=gpu&status=completed&category=Workshop&lang=en'),
    );
  });

  it('Other Events: the first 4 outside summit, conference and infrastructure, or the fallback text', async () => {
    const main = [event({ category: 'Summit' }), event({ category: 'Conference' })];
    backend({ list: () => page(main), facets: () => json(200, eventFacets(main)) });
    const first = renderApp('/events');
    const other = await screen.findByRole('region', { name: 'Other Events' });
    expect(await within(other).findByText('No other events available at the moment. Check back soon!')).toBeInTheDocument();
    first.unmount();

    const workshops = [1, 2, 3, 4, 5].map((n) => event({ category: 'Workshop', title: `Workshop ${n}` }));
    backend({ list: () => page(main), facets: () => json(200, eventFacets([...main, ...workshops])) });
    renderApp('/events');
    const region = await screen.findByRole('region', { name: 'Other Events' });
    await within(region).findByText('Workshop 1');
    expect(within(region).getAllByRole('article')).toHaveLength(4);
    expect(within(region).queryByText('Workshop 5')).not.toBeInTheDocument();
  });

  it('shows the failure texts of the list and the filters', async () => {
    backend({ list: () => json(500, {}), facets: () => json(500, {}) });
    renderApp('/events');
    expect(await screen.findByText('Failed to load events')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch event filters')).toBeInTheDocument();
  });

  it('Stay Connected shows the §5 texts inline, subscribes to events only with a valid address and clears on success', async () => {
    const user = userEvent.setup();
    const fetch = backend({ list: () => page([event()]) });
    renderApp('/events');
    const box = await screen.findByRole('region', { name: 'Stay Connected' });
    const calls = fetch.mock.calls.length;
    const input = within(box).getByLabelText('Email address');
    const subscribe = within(box).getByRole('button', { name: 'Subscribe' });
    await user.click(subscribe);
    expect(within(box).getByRole('alert')).toHaveTextContent('Please enter your email address');
    await user.type(input, 'amina.example.com');
    await user.click(subscribe);
    expect(within(box).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fetch.mock.calls.length).toBe(calls);
    await user.clear(input);
    await user.type(input, 'amina@example.com');
    await user.click(subscribe);
    expect(await within(box).findByRole('status')).toHaveTextContent(
      "Thank you! You'll receive updates about upcoming Nyota events.",
    );
    expect(input).toHaveValue('');
    expect(fetch.mock.calls.length).toBe(calls + 1);
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/subscriptions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'amina@example.com', topic: 'events', language: 'en' });
  });
});

describe('/events/:id', () => {
  it('shows every element of the detail and registers on the event link in a new tab', async () => {
    const item = event({
      title: 'Kigali Infrastructure Day',
      category: 'Infrastructure',
      status: 'upcoming',
      date: '2027-03-04',
      time: '10:00 - 16:00 CAT',
      location: 'Kigali Convention Centre',
      description: 'A day on <b>data centers</b>.',
      highlights: ['Keynote on Tier-3 design', 'GPU lab'],
      registerLink: 'https://tickets.example.org/kigali',
      image: 'kigali.jpg',
    });
    backend({ detail: (id) => (id === item.id ? json(200, item) : json(404, {})) });
    renderApp(`/events/${item.id}`);
    expect(await screen.findByText('Loading event details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kigali Infrastructure Day' })).toBeInTheDocument();
    const main = screen.getByRole('article');
    expect(within(main).getByRole('img', { name: 'Kigali Infrastructure Day' })).toHaveAttribute('src', '/images/kigali.jpg');
    expect(main).toHaveTextContent('UPCOMING');
    expect(main).toHaveTextContent('Infrastructure');
    expect(within(main).getByRole('heading', { name: 'Host' }).parentElement).toHaveTextContent('Nyota Cloud Infrastructure');
    expect(main).toHaveTextContent('A day on <b>data centers</b>.');
    expect(main.querySelector('b')).toBeNull();
    expect(within(main).getByRole('heading', { name: 'Event Highlights' })).toBeInTheDocument();
    expect(within(main).getAllByRole('listitem').map((li) => li.textContent)).toContain('GPU lab');
    expect(within(main).getByRole('heading', { name: 'Dates' }).parentElement).toHaveTextContent('March 4, 2027, 10:00 - 16:00 CAT');
    expect(main).toHaveTextContent('Kigali Convention Centre');

    const join = screen.getByRole('complementary', { name: 'Join This Event' });
    expect(join).toHaveTextContent('General Admission');
    const register = within(join).getByRole('link', { name: /Register Now/ });
    expect(register).toHaveAttribute('href', 'https://tickets.example.org/kigali');
    expect(register).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(document.title).toBe('Kigali Infrastructure Day | Nyota Cloud Events'));
  });

  it('registers on the default events site without a link', async () => {
    const item = event({ status: 'upcoming', registerLink: null });
    backend({ detail: () => json(200, item) });
    renderApp(`/events/${item.id}`);
    await screen.findByRole('article');
    expect(within(screen.getByRole('complementary')).getByRole('link', { name: /Register Now/ })).toHaveAttribute(
      'href',
      settings.eventsSiteUrl,
    );
  });

  it('a completed event badges its status in capitals, keeps its highlights and offers no registration', async () => {
    const item = event({ status: 'completed', registerLink: 'https://tickets.example.org/past', highlights: ['GPU lab'] });
    backend({ detail: () => json(200, item) });
    renderApp(`/events/${item.id}`);
    const main = await screen.findByRole('article');
    expect(main).toHaveTextContent('COMPLETED');
    expect(within(main).getByRole('heading', { name: 'Event Highlights' })).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'This event has ended' });
    expect(within(aside).queryByRole('link', { name: /Register Now/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Join This Event')).not.toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'See Upcoming Events' })).toHaveAttribute('href', '/events');
  });

  it('shows Event not found with Back to Events', async () => {
    backend({ detail: () => json(404, { message: 'Event not found' }) });
    renderApp('/events/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });
});
