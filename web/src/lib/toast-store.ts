// A tiny store for the single visible toast (spec §4: one toast at a time).

import { createStore, useStore } from './create-store';

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const current = createStore<ToastData | null>(null);
let nextId = 1;

/** Shows a toast, replacing any toast on screen. */
export function toast(data: Omit<ToastData, 'id'>): void {
  current.set({ ...data, id: nextId++ });
}

export function dismissToast(id: number): void {
  if (current.get()?.id === id) current.set(null);
}

export function useCurrentToast(): ToastData | null {
  return useStore(current, null);
}

/** Whether the toaster is wanted before any toast is shown (see `prepareToaster`). */
const toasterWanted = createStore(false);

/**
 * Loads and mounts the toaster ahead of the first toast. A panel that toasts keep clear of
 * calls it as it opens (useToastsClearOf), so the toast it causes (the chat's "Chat Started")
 * shows with the change it announces, not a chunk download later over a layout already drawn
 * (on a phone it pushes the chat's log down while the visitor types).
 */
export function prepareToaster(): void {
  toasterWanted.set(true);
}

export function useToasterWanted(): boolean {
  return useStore(toasterWanted, false);
}
