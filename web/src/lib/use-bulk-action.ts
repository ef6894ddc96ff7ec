import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';

export interface BulkOutcome<T> {
  succeeded: T[];
  failed: Array<{ item: T; message: string }>;
}

/** Runs `action` on each item in turn (one request at a time), collecting what failed and why. */
export async function runInTurn<T>(items: T[], action: (item: T) => Promise<unknown>): Promise<BulkOutcome<T>> {
  const outcome: BulkOutcome<T> = { succeeded: [], failed: [] };
  for (const item of items) {
    try {
      await action(item);
      outcome.succeeded.push(item);
    } catch (error) {
      outcome.failed.push({ item, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcome;
}

export interface BulkRun<T> {
  items: T[];
  action: (item: T) => Promise<unknown>;
}

/** A bulk action over the selected rows; the queries are refreshed once at the end, whatever happened. */
export function useBulkAction<T>(invalidate: (client: QueryClient) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ items, action }: BulkRun<T>) => runInTurn(items, action),
    onSettled: () => invalidate(client),
  });
}

/** "1 post" / "3 posts". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** At most `limit` titles, then how many more: for confirmations about several items. */
export function titleList(titles: string[], limit = 5): string[] {
  return titles.length <= limit ? titles : [...titles.slice(0, limit), `and ${titles.length - limit} more`];
}

/** Tells the admin how a bulk action went: a success toast ("3 posts featured"), or how many failed and why. */
export function reportBulk<T>(outcome: BulkOutcome<T>, titleOf: (item: T) => string, noun: string, done: string): void {
  if (outcome.failed.length === 0) {
    toast({ title: `${countOf(outcome.succeeded.length, noun)} ${done}` });
    return;
  }
  const total = outcome.succeeded.length + outcome.failed.length;
  const first = outcome.failed[0];
  toast({
    title: `${outcome.failed.length} of ${countOf(total, noun)} not ${done}`,
    description: first ? `${titleOf(first.item)}: ${first.message}` : undefined,
    variant: 'destructive',
  });
}
