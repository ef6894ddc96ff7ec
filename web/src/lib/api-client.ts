// The one HTTP client. Components never call fetch; endpoint modules call `apiRequest`.

import {
  readFailureMessage,
  serverMessage,
  type RequestFailure,
} from './error-catalogue';
import type { ErrorBody } from './api-types';
import { activeLocale } from '@/i18n/i18n';

/** A failed request, with the text chosen by the endpoint's part of the catalogue. */
export class RequestError extends Error {
  readonly failure: RequestFailure;

  constructor(failure: RequestFailure, message: string) {
    super(message);
    this.name = 'RequestError';
    this.failure = failure;
  }

  get status(): number | null {
    return this.failure.kind === 'http' ? this.failure.status : null;
  }
}

/**
 * The server's own words when it refused what was sent (400 with a message,
 * e.g. "Message contains characters that are not allowed"), else null. Forms
 * show these next to the input, which they keep, instead of a generic failure.
 */
export function refusalMessage(error: unknown): string | null {
  return error instanceof RequestError && error.status === 400 ? serverMessage(error.failure) : null;
}

/** The request field (JSON path, e.g. `office.city`) a 400 refusal is about, if the server named one. */
export function refusalField(error: unknown): string | null {
  if (!(error instanceof RequestError) || error.failure.kind !== 'http' || error.failure.status !== 400) return null;
  const field = error.failure.body?.field;
  return typeof field === 'string' && field ? field : null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Turns a failure into user-facing text; the generic read text by default. */
  describe?: (failure: RequestFailure) => string;
  /** Refuse to send when the browser reports being offline. */
  blockWhenOffline?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Headers for a request: always X-Requested-With and the page's language
 * (the server words its refusals in it), JSON content type only with a body.
 */
export function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': activeLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const parsed: unknown = await response.json();
    return parsed !== null && typeof parsed === 'object' ? (parsed as ErrorBody) : {};
  } catch {
    return null;
  }
}

/** Sends a request and returns the parsed JSON answer (undefined for an empty body). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, describe = readFailureMessage, blockWhenOffline, signal, headers } = options;
  const fail = (failure: RequestFailure) => new RequestError(failure, describe(failure));

  if (blockWhenOffline && !isOnline()) throw fail({ kind: 'offline' });

  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: { ...headers, ...requestHeaders(hasBody) },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw fail(isOnline() ? { kind: 'network' } : { kind: 'offline' });
  }

  if (!response.ok) {
    throw fail({
      kind: 'http',
      status: response.status,
      statusText: response.statusText,
      body: await readErrorBody(response),
    });
  }

  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
