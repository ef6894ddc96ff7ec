import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SubscriptionTopic } from '@/api-types/SubscriptionTopic';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { subscriptionTexts, useSubscribe } from '../api/subscriptions-subscribe';
import { checkSubscribeEmail } from '../lib/subscribe';

/**
 * An email box with a Subscribe button (events Stay Connected, blog Stay
 * Updated). The address is checked with the spec §5 rules, then subscribed
 * to `topic` (POST /api/subscriptions, double opt-in: the server emails a
 * confirmation link). The result is shown inline — role=alert for a refusal
 * or a failure, role=status for the spec's thanks, with a hint to confirm —
 * and the field is cleared on success.
 */
export function SubscribeBox({
  topic,
  title,
  text,
  successText,
  className,
}: {
  topic: SubscriptionTopic;
  title: string;
  text: string;
  successText: string;
  className?: string;
}) {
  const inputId = useId();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const subscription = useSubscribe();

  function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = checkSubscribeEmail(email);
    if (!outcome.ok) {
      setResult({ ok: false, message: outcome.message });
      return;
    }
    setResult(null);
    subscription.mutate(
      { email, topic },
      {
        onSuccess: () => {
          setEmail('');
          setResult({ ok: true, message: successText });
        },
        onError: (error) => setResult({ ok: false, message: error.message }),
      },
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl bg-gray-900 p-6 text-white dark:bg-gray-800', className)}
    >
      <Mail aria-hidden="true" className="h-6 w-6 text-pink-300" />
      <h2 id={headingId} className="mt-3 text-lg font-bold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-gray-200">{text}</p>
      {/* noValidate: the §5 messages are the page's own, not the browser's. */}
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3" aria-busy={subscription.isPending}>
        <label htmlFor={inputId} className="sr-only">
          {t('subscribe.emailLabel')}
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder={t('subscribe.placeholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={result && !result.ok ? true : undefined}
          className="block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-600"
        />
        <Button type="submit" disabled={subscription.isPending}>
          {subscription.isPending && <Spinner />}
          {t('subscribe.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={cn('mt-3 text-sm font-medium', result.ok ? 'text-green-300' : 'text-red-300')}
          >
            {result.message}
          </p>
        )}
        {result?.ok && <p className="mt-1 text-sm text-gray-200">{subscriptionTexts.confirmHint}</p>}
      </div>
    </section>
  );
}
