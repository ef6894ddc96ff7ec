import type { EmailHealth } from '@/api-types/EmailHealth';
import { Alert } from '@/components/ui/alert';
import { useEmailHealth } from '../api/email-health';
import { formatEatDateTime } from '@/lib/admin-time';

/** What the admin is told about outgoing email, or null when it works. */
export function emailHealthWarning(health: EmailHealth): { title: string; body: string } | null {
  if (health.state === 'off') {
    return {
      title: 'Outgoing email is off',
      body:
        'The workers have no SMTP server (SMTP_URL is not set), so no email is sent: no request acknowledgements, password resets, privacy confirmation links or chat transcripts. Visitors are not promised any.',
    };
  }
  if (health.state === 'failing') {
    const failed = health.lastFailureAt ? formatEatDateTime(health.lastFailureAt) : 'recently';
    const success = health.lastSuccessAt ? formatEatDateTime(health.lastSuccessAt) : 'never';
    return {
      title: 'Outgoing email is failing',
      body: `The last send failed on ${failed}: ${health.lastError ?? 'no error recorded'}. Last success: ${success}. Emails are retried until the SMTP server takes them.`,
    };
  }
  return null;
}

/** The banner on every admin page while email is off or failing (admins only: the read is theirs). */
export function EmailHealthBanner({ enabled }: { enabled: boolean }) {
  const health = useEmailHealth(enabled);
  const warning = health.data ? emailHealthWarning(health.data) : null;
  if (!warning) return null;
  return (
    <div className="px-4 pt-4 lg:px-8">
      <Alert title={warning.title}>{warning.body}</Alert>
    </div>
  );
}
