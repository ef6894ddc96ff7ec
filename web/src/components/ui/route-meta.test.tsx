import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
// The two pages' English messages, as their modules import them.
import 'virtual:catalog/en/blog';
import 'virtual:catalog/en/events';
import { RouteMeta } from './route-meta';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('RouteMeta', () => {
  it("leaves the served page's tags alone, and writes the next page's after an in-app navigation", async () => {
    // The head the gateway serves for /blog: its own tags, the canonical naming it.
    document.head.innerHTML = '<title>As served</title><link rel="canonical" href="https://nyota.example/blog">';
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <Link to="/events">Events</Link>
        <Link to="/blog">Blog</Link>
        <Routes>
          <Route path="/blog" element={<RouteMeta route="/blog" />} />
          <Route path="/events" element={<RouteMeta route="/events" />} />
        </Routes>
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.title).toBe('As served');

    await userEvent.click(screen.getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(document.title).toBe('Upcoming Events | Nyota Cloud Events'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Summits, conferences and infrastructure events hosted or attended by Nyota Cloud.',
    );

    // Back on the first page, whose tags the head no longer carries.
    await userEvent.click(screen.getByRole('link', { name: 'Blog' }));
    await waitFor(() => expect(document.title).toBe('Tech Blog | Nyota Cloud'));
  });
});
