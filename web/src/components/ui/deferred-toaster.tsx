import { lazy, Suspense, useState } from 'react';
import { useCurrentToast, useToasterWanted } from '@/lib/toast-store';

// The toast viewport (Radix Toast, about 11 KB gzipped) is needed only once
// something shows a toast, which no page does on load, or once a panel that
// will toast opens (prepareToaster in src/lib/toast-store.ts).
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the Toaster when the first toast is shown or it is prepared for, and keeps it from then on. */
export function DeferredToaster() {
  const current = useCurrentToast();
  const wanted = useToasterWanted();
  const [needed, setNeeded] = useState(false);
  if ((current || wanted) && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
