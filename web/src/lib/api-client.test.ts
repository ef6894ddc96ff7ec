import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/render';
import { apiRequest, RequestError, requestHeaders } from './api-client';
import { getUser } from './auth/get-user';
import { loginFailureMessage } from './error-catalogue';
import { activateLocale } from '@/i18n/i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends cookies, the X-Requested-With header and no-store, without a content type when there is no body', async () => {
    const fetch = mockFetch(() => json(200, { ok: true }));
    await apiRequest('/api/thing');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/thing');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store' });
    expect(init!.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en', 'X-Requested-With': 'XMLHttpRequest' });
    expect(init!.body).toBeUndefined();
  });

  it('sends JSON with a content type when there is a body', async () => {
    const fetch = mockFetch(() => json(201, { id: 1 }));
    const result = await apiRequest<{ id: number }>('/api/x', { method: 'POST', body: { a: 1 } });
    expect(result).toEqual({ id: 1 });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    expect(init.body).toBe('{"a":1}');
  });

  it('headers helper', () => {
    expect(requestHeaders(false)).not.toHaveProperty('Content-Type');
    expect(requestHeaders(true)['Content-Type']).toBe('application/json');
  });

  it("tells the server the page's language, so that it words its refusals in it", async () => {
    expect(requestHeaders(false)['Accept-Language']).toBe('en');
    await activateLocale('fr');
    try {
      expect(requestHeaders(true)['Accept-Language']).toBe('fr');
    } finally {
      await activateLocale('en');
    }
  });

  it('returns undefined for an empty body', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/x', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('turns a JSON error into the body message', async () => {
    mockFetch(() => json(400, { message: 'Nope' }, 'Bad Request'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: 'Nope', status: 400 });
  });

  it('uses the per-status text for a non-JSON error', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('/api/x')).rejects.toThrow(
      'Server error. Our team has been notified and is working on a fix.',
    );
  });

  it('reports a network failure', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x')).rejects.toThrow(
      'Network error: Unable to connect to the server. Please check your connection or try again later.',
    );
  });

  it('reports offline when the fetch fails while offline', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiRequest('/api/x')).rejects.toThrow(
      'You appear to be offline. Please check your internet connection and try again.',
    );
  });

  it('blocks the request when offline and asked to', async () => {
    const fetch = mockFetch(() => json(200, {}));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await apiRequest('/api/login', {
      method: 'POST',
      body: {},
      blockWhenOffline: true,
      describe: loginFailureMessage,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).failure).toEqual({ kind: 'offline' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('getUser', () => {
  it('returns null on 401', async () => {
    mockFetch(() => json(401, { message: 'Not signed in' }));
    await expect(getUser()).resolves.toBeNull();
  });
  it('returns the user on 200', async () => {
    mockFetch(() => json(200, { id: 1, username: 'u' }));
    await expect(getUser()).resolves.toEqual({ id: 1, username: 'u' });
  });
  it('throws on other failures', async () => {
    mockFetch(() => json(500, { message: 'down' }));
    await expect(getUser()).rejects.toThrow('down');
  });
});
