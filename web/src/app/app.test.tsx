import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { adminPages } from './admin/admin-routes';
import { publicElement } from './router';
import routeTable from './routes.json';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const signedOut = () => mockFetch((url) => (url === '/api/user' ? json(401, { message: 'Unauthorized' }) : json(404, {})));

describe('route table', () => {
  it('has a page for every public and admin route', () => {
    for (const path of routeTable.routes) expect(() => publicElement(path)).not.toThrow();
    expect(Object.keys(adminPages).sort()).toEqual([...routeTable.adminRoutes].sort());
  });

  it.each(routeTable.routes.filter((p) => !p.includes(':') && !['/auth', '/login', '/register', '/forgot-password', '/dashboard', '/account/security'].includes(p)))(
    '%s renders in the layout with a title and a heading',
    async (path) => {
      signedOut();
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Nyota Cloud`);
      // The tags are written together once the routes' metadata has loaded
      // (RouteMeta): this page's canonical link says they are this page's.
      await waitFor(() =>
        expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}${path}`),
      );
      expect(document.title).not.toBe('');
    },
  );

  it.each([
    // The API answers 404 here: each page shows its not-found state.
    ['/blog/2f1c8a4e-7b3d-4c2a-9e51-0d6f3b8a1c27', 'Post Not Found', 'Post Not Found | Nyota Cloud'],
    ['/events/7a9e0c13-5d2b-4f86-b1c4-3e8d9f2a6b05', 'Event not found', 'Event not found | Nyota Cloud Events'],
  ])('%s renders its page in the layout for a concrete id', async (path, heading, title) => {
    signedOut();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
    expect(router.state.location.pathname).toBe(path);
    // The layout: site navigation, the footer and the chat launcher.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Nyota Cloud`);
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}${path}`);
  });

  it('events pages carry the events suffix', async () => {
    signedOut();
    renderApp('/events');
    await waitFor(() => expect(document.title).toBe('Upcoming Events | Nyota Cloud Events'));
  });

  it('unknown paths show the 404 page', async () => {
    signedOut();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('404 Page Not Found'));
  });

  it('honours the redirects', async () => {
    signedOut();
    const { router } = renderApp('/nyota-bi');
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-forge'));
  });
});

describe('admin guard', () => {
  it('sends signed-out visitors to /login', async () => {
    signedOut();
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fadmin');
  });

  it('sends a signed-out visitor to /login with the page opened as next', async () => {
    signedOut();
    const { router } = renderApp('/admin/chat?chat=abc#x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/chat?chat=abc#x');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('refuses signed-in non-admins', async () => {
    mockFetch(() => json(200, sampleUser));
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('lets admins in', async () => {
    mockFetch(() => json(200, { ...sampleUser, isAdmin: true }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Admin' })[0]).toContainElement(screen.getByRole('link', { name: 'Chat' }));
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/admin/chat');
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    // Agents answer chats in the console: no visitor launcher on admin pages.
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument();
  });

  it('shows a support agent only the chat console', async () => {
    vi.stubGlobal('WebSocket', class {
      readyState = 0;
      send() {}
      close() {}
    });
    const support = { ...sampleUser, role: 'support' as const };
    mockFetch((url) => (url === '/api/user' ? json(200, support) : json(200, [])));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chat'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live chat console' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat console' })).toHaveAttribute('href', '/admin/chat');
    // No breadcrumb back to an admin home they may not open.
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument();
  });

  it.each(['/admin/settings', '/admin/agents', '/admin/database', '/admin/analytics'])(
    'refuses a support agent %s',
    async (path) => {
      mockFetch((url) => (url === '/api/user' ? json(200, { ...sampleUser, role: 'support' }) : json(403, {})));
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    },
  );

  it('still offers the visitor chat to an agent outside the admin pages', async () => {
    mockFetch((url) => (url === '/api/user' ? json(200, { ...sampleUser, isAdmin: true, role: 'admin' }) : json(404, {})));
    renderApp('/contact');
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });
});

describe('account pages', () => {
  it('register shows the already-registered message with Log in instead', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/user' ? json(401, {}) : json(400, { message: 'Email already exists' }, 'Bad Request'),
    );
    const user = userEvent.setup();
    renderApp('/register');
    await user.type(await screen.findByLabelText('First Name'), 'Amina');
    await user.type(screen.getByLabelText('Last Name'), 'Otieno');
    await user.type(screen.getByLabelText('Email Address'), 'amina@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '+254700000001');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText(
        'This email is already registered. Please log in instead or use a different email address.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/login');
    // Input is kept and submit is re-enabled.
    expect(screen.getByLabelText('First Name')).toHaveValue('Amina');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    const registerCall = fetch.mock.calls.find(([u]) => u === '/api/register')!;
    expect(JSON.parse(String(registerCall[1]!.body))).toEqual({
      username: 'amina@example.com',
      email: 'amina@example.com',
      password: 'secret123',
      name: 'Amina Otieno',
      phone: '+254700000001',
      language: 'en',
    });
  });

  it('register shows field errors linked to their inputs', async () => {
    signedOut();
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is required');
  });

  it('login is blocked offline: offline message and no request', async () => {
    const fetch = signedOut();
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(
      screen.getAllByText('You appear to be offline. Please check your internet connection and try again.').length,
    ).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(([u]) => u === '/api/login')).toBe(false);
  });

  it('login shows the server message and redirects admins to /admin on success', async () => {
    let attempts = 0;
    mockFetch((url) => {
      if (url === '/api/user') return json(401, {});
      // The admin page's own reads (overview, ...) are not this test's.
      if (url !== '/api/login') return json(503, { message: 'Not in this test' });
      attempts += 1;
      return attempts === 1
        ? json(401, { message: 'Invalid email or password' }, 'Unauthorized')
        : json(200, { ...sampleUser, isAdmin: true });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'boss@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid email or password').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // The admin shell replaces the public layout (and its toaster) once its
    // chunk loads: look for the toast there, not in the layout on its way out.
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Amina Otieno')).toBeInTheDocument();
  });

  it('login returns to next after signing in', async () => {
    vi.stubGlobal('WebSocket', class {
      readyState = 0;
      send() {}
      close() {}
    });
    let signedIn = false;
    mockFetch((url) => {
      if (url === '/api/login') {
        signedIn = true;
        return json(200, { ...sampleUser, isAdmin: true, role: 'admin' });
      }
      if (url === '/api/user') return signedIn ? json(200, { ...sampleUser, isAdmin: true, role: 'admin' }) : json(401, {});
      // The chat the address names is not there (any more): the console says so.
      if (url.startsWith('/api/agent/chats/abc')) return json(404, { message: 'Chat session not found' });
      return json(200, []);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chat?chat=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'boss@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chat'));
    expect(router.state.location.search).toBe('?chat=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live chat console' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', ''])(
    'login ignores the unsafe next %j and goes to the role home',
    async (next) => {
      let attempts = 0;
      mockFetch((url) => {
        if (url === '/api/user') return json(401, {});
        // Sign-ins only: the admin home's own requests may start before the check below.
        if (url === '/api/login') attempts += 1;
        return json(200, { ...sampleUser, isAdmin: true });
      });
      const user = userEvent.setup();
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);
      await user.type(await screen.findByLabelText('Email'), 'boss@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      expect(router.state.location.search).toBe('');
      expect(attempts).toBe(1);
    },
  );

  it('sends a signed-in user opening /login?next=… to next', async () => {
    mockFetch(() => json(200, sampleUser));
    const { router } = renderApp(`/login?next=${encodeURIComponent('/contact?topic=sales')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(router.state.location.search).toBe('?topic=sales');
  });

  it('sends a signed-in user to the role home when next is unsafe', async () => {
    mockFetch(() => json(200, sampleUser));
    const { router } = renderApp(`/login?next=${encodeURIComponent('//evil.example')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a signed-in user to the role home when their role may not open next', async () => {
    mockFetch(() => json(200, sampleUser));
    const { router } = renderApp(`/login?next=${encodeURIComponent('/admin/settings')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('dashboard greets by name and links the cards', async () => {
    mockFetch(() => json(200, sampleUser));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Amina Otieno!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/iaas');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/managed-infrastructure');
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/security-compliance');
    expect(screen.getByRole('link', { name: 'Account security: two-step verification' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    const book = screen.getByRole('link', { name: /^Book Now/ });
    expect(book).toHaveAttribute('target', '_blank');
    expect(book.getAttribute('rel')).toContain('noopener');
  });

  it('dashboard redirects signed-out visitors to /login', async () => {
    signedOut();
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logout clears the user even on a network failure', async () => {
    mockFetch((url) => {
      if (url === '/api/logout') throw new TypeError('Failed to fetch');
      return json(200, sampleUser);
    });
    const user = userEvent.setup();
    renderApp('/about');
    await user.click((await screen.findAllByRole('button', { name: 'Log Out' }))[0]!);
    expect((await screen.findAllByRole('link', { name: 'Log In' })).length).toBeGreaterThan(0);
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
  });
});

describe('cookie banner', () => {
  it('appears after 1500 ms and stores the choice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedOut();
    renderApp('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1400);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent('Privacy Policy');
    act(() => screen.getByRole('button', { name: 'Decline' }).click());
    expect(localStorage.getItem('cookie-consent')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('stays hidden when consent is stored', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('cookie-consent', 'true');
    signedOut();
    renderApp('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

describe('header', () => {
  it('hides account items while the user loads, then shows Log In and Sign Up', async () => {
    let resolve: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((r) => (resolve = r)));
    renderApp('/');
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
    await act(async () => resolve(json(401, {})));
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('products menu opens, lists the products and closes on Escape', async () => {
    signedOut();
    const user = userEvent.setup();
    renderApp('/');
    const products = await screen.findByRole('button', { name: 'Products' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: /Nyota BI/ })).toHaveAttribute(
      'href',
      '/data-forge',
    );
    await user.keyboard('{Escape}');
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();
  });
});
