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
