// The admin shell's top bar has a slot for the page's own controls (the chat
// console puts its status, search and connection there). A page renders them
// with <AdminToolbar>; outside the shell (a page rendered on its own, as in
// some tests) they render in place.

import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The element the shell keeps for page controls; null until it is mounted. */
export const AdminToolbarSlot = createContext<HTMLElement | null | undefined>(undefined);

export function AdminToolbar({ children }: { children: ReactNode }) {
  const slot = useContext(AdminToolbarSlot);
  if (slot === undefined) return <div className="flex flex-wrap items-center gap-2">{children}</div>;
  if (slot === null) return null;
  return createPortal(children, slot);
}
