import { describe, expect, it } from 'vitest';
import type { ErrorBody } from './api-types';
import {
  greetingName,
  loginFailureMessage,
  logoutFailureMessage,
  messages,
  readFailureMessage,
  registerPageMessage,
  registrationFailureMessage,
  toastTitles,
  welcomeBackMessage,
  welcomeName,
  type RequestFailure,
} from './error-catalogue';

const http = (status: number, body: ErrorBody | null, statusText = 'Status Text'): RequestFailure => ({
  kind: 'http',
  status,
  statusText,
  body,
});
const offline: RequestFailure = { kind: 'offline' };
const network: RequestFailure = { kind: 'network' };

describe('generic read failure', () => {
  it('uses the body message first', () => {
    expect(readFailureMessage(http(400, { message: 'Bad thing', error: 'other' }))).toBe('Bad thing');
  });
  it('falls back to the error field', () => {
    expect(readFailureMessage(http(400, { error: 'Something broke' }))).toBe('Something broke');
  });
  it('falls back to Error {status}: {statusText} for JSON without either field', () => {
    expect(readFailureMessage(http(418, {}, "I'm a teapot"))).toBe("Error 418: I'm a teapot");
    expect(readFailureMessage(http(500, { message: '' }, 'Internal Server Error'))).toBe(
      'Error 500: Internal Server Error',
    );
  });
  it.each([
    [400, 'Invalid request. Please check your information and try again.'],
    [403, "Access denied. You don't have permission to perform this action."],
    [404, 'The requested resource was not found.'],
    [429, 'Too many requests. Please try again later.'],
    [500, 'Server error. Our team has been notified and is working on a fix.'],
    [502, 'Server error. Our team has been notified and is working on a fix.'],
    [503, 'Server error. Our team has been notified and is working on a fix.'],
  ])('non-JSON %i', (status, text) => {
    expect(readFailureMessage(http(status, null))).toBe(text);
  });
  it('non-JSON with another status uses Error {status}: {statusText}', () => {
    expect(readFailureMessage(http(409, null, 'Conflict'))).toBe('Error 409: Conflict');
  });
  it('offline', () => {
    expect(readFailureMessage(offline)).toBe(
      'You appear to be offline. Please check your internet connection and try again.',
    );
  });
  it('network failure', () => {
    expect(readFailureMessage(network)).toBe(
      'Network error: Unable to connect to the server. Please check your connection or try again later.',
    );
  });
});

describe('login failure', () => {
  it('offline', () => {
    expect(loginFailureMessage(offline)).toBe(
      'You appear to be offline. Please check your internet connection and try again.',
    );
  });
  it('uses the server message when present', () => {
    expect(loginFailureMessage(http(401, { message: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
  });
  it.each([
    [401, 'Invalid email or password. Please try again.'],
    [403, 'Your account has been locked. Please contact support.'],
    [500, 'Server error. Our team has been notified and is working on a fix.'],
    [503, 'Server error. Our team has been notified and is working on a fix.'],
    [429, 'Login failed with status 429'],
    [404, 'Login failed with status 404'],
  ])('status %i without a message', (status, text) => {
    expect(loginFailureMessage(http(status, null))).toBe(text);
    expect(loginFailureMessage(http(status, {}))).toBe(text);
  });
  it('network failure', () => {
    expect(loginFailureMessage(network)).toBe(
      'Network error: Unable to connect to the authentication service. Please try again later.',
    );
  });
});

describe('registration failure', () => {
  it.each([
    [400, 'Invalid registration data. Please check your information and try again.'],
    [403, 'Registration is currently disabled. Please try again later.'],
    [429, 'Too many registration attempts. Please try again later.'],
    [500, 'Server error. Our team has been notified and is working on a fix.'],
    [503, 'Server error. Our team has been notified and is working on a fix.'],
    [409, 'Registration failed with status 409'],
    [404, 'Registration failed with status 404'],
  ])('status %i without a message', (status, text) => {
    expect(registrationFailureMessage(http(status, null))).toBe(text);
  });
  it('keeps the server message (so Email already exists reaches the page)', () => {
    expect(registrationFailureMessage(http(400, { message: 'Email already exists' }))).toBe(
      'Email already exists',
    );
  });
  it('network failure', () => {
    expect(registrationFailureMessage(network)).toBe(
      'Network error: Unable to connect to the registration service. Please try joining our waitlist instead.',
    );
  });
  it('offline', () => {
    expect(registrationFailureMessage(offline)).toBe(messages.offline);
  });
});

describe('register page message', () => {
  it('maps Email already exists to the already-registered text', () => {
    expect(registerPageMessage('Email already exists')).toEqual({
      text: 'This email is already registered. Please log in instead or use a different email address.',
      alreadyRegistered: true,
    });
  });
  it('shows any other message as is', () => {
    expect(registerPageMessage('Too many registration attempts. Please try again later.')).toEqual({
      text: 'Too many registration attempts. Please try again later.',
      alreadyRegistered: false,
    });
  });
  it('falls back when there is no message', () => {
    expect(registerPageMessage('')).toEqual({ text: 'Registration failed. Please try again.', alreadyRegistered: false });
    expect(registerPageMessage(undefined).text).toBe('Registration failed. Please try again.');
  });
});

describe('logout failure', () => {
  it('5xx', () => {
    expect(logoutFailureMessage(http(500, { message: 'boom' }))).toBe(
      'Server error during logout. You may need to clear your browser cookies manually.',
    );
    expect(logoutFailureMessage(http(503, null))).toBe(
      'Server error during logout. You may need to clear your browser cookies manually.',
    );
  });
  it('other statuses use the generic text', () => {
    expect(logoutFailureMessage(http(403, null))).toBe(
      "Access denied. You don't have permission to perform this action.",
    );
  });
  it('logged out text', () => {
    expect(messages.loggedOut).toBe('You have been successfully logged out.');
  });
});

describe('chat texts', () => {
  it('exact texts', () => {
    expect(messages.chatStartFailed).toBe('Failed to start chat session. Please try again.');
    expect(messages.chatSendFailed).toBe('Failed to send message. Please try again.');
    expect(messages.chatStarted).toBe("You're now connected to our support team.");
    expect(toastTitles.chatError).toBe('Error');
    expect(toastTitles.chatStarted).toBe('Chat Started');
  });
});

describe('toast titles and names', () => {
  it('titles', () => {
    expect(toastTitles).toMatchObject({
      loginFailed: 'Login failed',
      loginSuccessful: 'Login successful',
      registrationFailed: 'Registration failed',
      registrationSuccessful: 'Registration successful',
      logoutFailed: 'Logout failed',
      loggedOut: 'Logged out',
    });
  });
  it('welcome uses fullName, else name, else username', () => {
    expect(welcomeName({ fullName: 'Amina W. Otieno', name: 'Amina Otieno', username: 'a@x.io' })).toBe('Amina W. Otieno');
    expect(welcomeName({ fullName: '', name: 'Amina Otieno', username: 'a@x.io' })).toBe('Amina Otieno');
    expect(welcomeName({ fullName: '', name: '', username: 'a@x.io' })).toBe('a@x.io');
    expect(welcomeBackMessage({ fullName: '', name: 'Amina', username: 'a' })).toBe('Welcome back, Amina');
  });
  it('dashboard greeting uses name, else username', () => {
    expect(greetingName({ name: 'Amina', username: 'a@x.io' })).toBe('Amina');
    expect(greetingName({ name: '', username: 'a@x.io' })).toBe('a@x.io');
  });
});
