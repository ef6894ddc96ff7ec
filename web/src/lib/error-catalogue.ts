// The error catalogue (spec §8): pure functions from a request failure to the
// exact text shown to the user.

import type { ErrorBody, User } from './api-types';

/** Why a request did not succeed. `body` is null when the answer was not JSON. */
export type RequestFailure =
  | { kind: 'offline' }
  | { kind: 'network' }
  | { kind: 'http'; status: number; statusText: string; body: ErrorBody | null };

export const messages = {
  offline: 'You appear to be offline. Please check your internet connection and try again.',
  network:
    'Network error: Unable to connect to the server. Please check your connection or try again later.',
  badRequest: 'Invalid request. Please check your information and try again.',
  forbidden: "Access denied. You don't have permission to perform this action.",
  notFound: 'The requested resource was not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Server error. Our team has been notified and is working on a fix.',

  loginInvalid: 'Invalid email or password. Please try again.',
  loginLocked: 'Your account has been locked. Please contact support.',
  loginNetwork: 'Network error: Unable to connect to the authentication service. Please try again later.',

  registerInvalid: 'Invalid registration data. Please check your information and try again.',
  registerDisabled: 'Registration is currently disabled. Please try again later.',
  registerTooMany: 'Too many registration attempts. Please try again later.',
  registerNetwork:
    'Network error: Unable to connect to the registration service. Please try joining our waitlist instead.',
  emailAlreadyExists: 'Email already exists',
  alreadyRegistered:
    'This email is already registered. Please log in instead or use a different email address.',
  registerFallback: 'Registration failed. Please try again.',

  logoutServer: 'Server error during logout. You may need to clear your browser cookies manually.',
  loggedOut: 'You have been successfully logged out.',

  chatStartFailed: 'Failed to start chat session. Please try again.',
  chatSendFailed: 'Failed to send message. Please try again.',
  chatStarted: "You're now connected to our support team.",
} as const;

export const toastTitles = {
  loginFailed: 'Login failed',
  loginSuccessful: 'Login successful',
  registrationFailed: 'Registration failed',
  registrationSuccessful: 'Registration successful',
  logoutFailed: 'Logout failed',
  loggedOut: 'Logged out',
  chatError: 'Error',
  chatStarted: 'Chat Started',
} as const;

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The server's own message, when the body carries one. */
export function serverMessage(failure: RequestFailure): string | null {
  return failure.kind === 'http' ? nonEmpty(failure.body?.message) : null;
}

/** Text for a non-JSON answer, by status; null when the status has no text of its own. */
function statusText(status: number): string | null {
  if (status === 400) return messages.badRequest;
  if (status === 403) return messages.forbidden;
  if (status === 404) return messages.notFound;
  if (status === 429) return messages.tooManyRequests;
  if (status >= 500) return messages.serverError;
  return null;
}

/** Generic read failure. */
export function readFailureMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'offline':
      return messages.offline;
    case 'network':
      return messages.network;
    case 'http': {
      const fallback = `Error ${failure.status}: ${failure.statusText}`;
      if (failure.body === null) return statusText(failure.status) ?? fallback;
      return nonEmpty(failure.body.message) ?? nonEmpty(failure.body.error) ?? fallback;
    }
  }
}

/** Login failure. */
export function loginFailureMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'offline':
      return messages.offline;
    case 'network':
      return messages.loginNetwork;
    case 'http': {
      const fromServer = serverMessage(failure);
      if (fromServer) return fromServer;
      if (failure.status === 401) return messages.loginInvalid;
      if (failure.status === 403) return messages.loginLocked;
      if (failure.status >= 500) return messages.serverError;
      return `Login failed with status ${failure.status}`;
    }
  }
}

/**
 * Registration failure. The server's message wins when present, so that
 * "Email already exists" reaches the register page (see docs/DECISIONS.md,
 * "Registration errors in the web app").
 */
export function registrationFailureMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'offline':
      return messages.offline;
    case 'network':
      return messages.registerNetwork;
    case 'http': {
      const fromServer = serverMessage(failure);
      if (fromServer) return fromServer;
      if (failure.status === 400) return messages.registerInvalid;
      if (failure.status === 403) return messages.registerDisabled;
      if (failure.status === 429) return messages.registerTooMany;
      if (failure.status >= 500) return messages.serverError;
      return `Registration failed with status ${failure.status}`;
    }
  }
}

/** What the register page shows for a registration error message. */
export function registerPageMessage(message: string | null | undefined): {
  text: string;
  alreadyRegistered: boolean;
} {
  if (message && message.includes(messages.emailAlreadyExists)) {
    return { text: messages.alreadyRegistered, alreadyRegistered: true };
  }
  return { text: nonEmpty(message) ?? messages.registerFallback, alreadyRegistered: false };
}

/** Logout failure (network failures never reach here: the local session is cleared). */
export function logoutFailureMessage(failure: RequestFailure): string {
  if (failure.kind === 'http' && failure.status >= 500) return messages.logoutServer;
  return readFailureMessage(failure);
}

/** Name used in "Welcome back, ..." toasts: fullName, else name, else username. */
export function welcomeName(user: Pick<User, 'fullName' | 'name' | 'username'>): string {
  return nonEmpty(user.fullName) ?? nonEmpty(user.name) ?? user.username;
}

/** Name used by the dashboard greeting: name, else username. */
export function greetingName(user: Pick<User, 'name' | 'username'>): string {
  return nonEmpty(user.name) ?? user.username;
}

export function welcomeBackMessage(user: Pick<User, 'fullName' | 'name' | 'username'>): string {
  return `Welcome back, ${welcomeName(user)}`;
}
