import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { limits } from '@/config/site';
import { toastPlacement, useToastTopInset, usePanelBox } from '@/lib/toast-placement';
import { dismissToast, useCurrentToast } from '@/lib/toast-store';
import { cn } from '@/lib/cn';

/**
 * Renders the single current toast: 5000 ms, swipe right 50 px to dismiss, F8 focuses the region.
 * Bottom right, unless a panel (the chat widget) is open there: then beside it or at the top
 * (src/lib/toast-placement.ts).
 */
export function Toaster() {
  const current = useCurrentToast();
  const placement = toastPlacement(usePanelBox());
  const viewportRef = useRef<HTMLOListElement>(null);
  useToastTopInset(viewportRef, placement.kind === 'top' && current !== null);
  return (
    <ToastPrimitive.Provider
      duration={limits.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={limits.toastSwipeThresholdPx}
    >
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            current.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100',
          )}
        >
          <div>
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="mt-1 text-sm">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        ref={viewportRef}
        data-placement={placement.kind}
        style={placement.kind === 'beside' ? { right: placement.right, bottom: placement.bottom, width: placement.width } : undefined}
        className={cn(
          'fixed z-[100] m-0 flex list-none flex-col gap-2 outline-none',
          placement.kind === 'corner' && 'bottom-0 right-0 w-full max-w-sm p-4',
          // On a phone the notch or status bar may sit over the top edge (viewport-fit=cover).
          placement.kind === 'top' && 'inset-x-0 top-0 mx-auto w-full max-w-sm px-2 pb-2 pt-[max(0.5rem,env(safe-area-inset-top))]',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
