// GET /api/user — the session user, shared by the header, dashboard, guards and auth pages.

import { apiRequest, RequestError } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { createStore, useStore } from '@/lib/create-store';

/** The signed-in user, or null when signed out (401). */
export async function getUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('/api/user');
  } catch (error) {
    if (error instanceof RequestError && error.status === 401) return null;
    throw error;
  }
}

/** Who is signed in, as the page knows it: `data` is undefined until first read, null when signed out. */
export interface SessionUser {
  data: User | null | undefined;
  /** Not read yet (the first read is under way). */
  isPending: boolean;
  /** The last read failed (not a 401: the server or the network). */
  isError: boolean;
}

const unread: SessionUser = { data: undefined, isPending: true, isError: false };

// A store, not a query: the header reads it on every page, and the query
// library loads only with the pages that ask the server for more.
const session = createStore<SessionUser>(unread, {
  watch: () => {
    const { isPending, isError } = session.get();
    if (isPending || isError) void reloadUser();
    return () => undefined;
  },
});

// Each sign-in or sign-out is a new generation: a read started before it
// must not overwrite what it said.
let generation = 0;
let reading: Promise<void> | null = null;

/** Reads the user again (one read at a time); the current user stays shown until the answer. */
export function reloadUser(): Promise<void> {
  if (reading) return reading;
  const started = generation;
  reading = getUser()
    .then(
      (user) => {
        if (started === generation) session.set({ data: user, isPending: false, isError: false });
      },
      () => {
        if (started === generation) session.set({ ...session.get(), isPending: false, isError: true });
      },
    )
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** The user a sign-in, registration or sign-out has just answered with (null: signed out). */
export function setUser(user: User | null) {
  generation += 1;
  session.set({ data: user, isPending: false, isError: false });
}

/** Forgets who is signed in, as a new page load would (for tests, between pages they render). */
export function forgetUser() {
  generation += 1;
  reading = null;
  session.set(unread);
}

export function useUser(): SessionUser {
  return useStore(session, unread);
}
