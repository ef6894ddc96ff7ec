// A tiny store for the single visible toast (spec §4: one toast at a time).

import { useSyncExternalStore } from 'react';

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

let current: ToastData | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing any toast on screen. */
export function toast(data: Omit<ToastData, 'id'>): void {
  current = { ...data, id: nextId++ };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastData | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
