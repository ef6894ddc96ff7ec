import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useToastsClearOf } from '@/lib/toast-placement';
import { toast } from '@/lib/toast-store';
import { DeferredToaster } from './deferred-toaster';

function Panel({ open }: { open: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useToastsClearOf(ref, open);
  return <div ref={ref} />;
}

const region = () => screen.queryByRole('region', { name: /Notifications/ });

describe('DeferredToaster', () => {
  it('is ready before the first toast once a panel that toasts keep clear of opens, so that toast shows at once', async () => {
    const { rerender } = render(
      <>
        <Panel open={false} />
        <DeferredToaster />
      </>,
    );
    // No toast and no panel: nothing is loaded.
    expect(region()).toBeNull();
    rerender(
      <>
        <Panel open />
        <DeferredToaster />
      </>,
    );
    await screen.findByRole('region', { name: /Notifications/ });
    // The toaster is there: the toast is in the same update as the call that shows it.
    act(() => toast({ title: 'Chat Started' }));
    expect(screen.getByText('Chat Started')).toBeInTheDocument();
  });
});
