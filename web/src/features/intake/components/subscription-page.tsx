// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/subscription';
import { Link, useSearchParams } from 'react-router-dom';
import type { SubscriptionLinkStatus } from '@/api-types/SubscriptionLinkStatus';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { RouteMeta } from '@/components/ui/route-meta';
import { t } from '@/i18n/i18n';
import { RequestError } from '@/lib/api-client';
import { type SubscriptionLinkAction, useSubscriptionLink } from '../api/subscription-link';

interface Words {
  heading: string;
  text: string;
}

/** What each outcome of a subscription link says, in the page's language. */
export function subscriptionOutcome(status: SubscriptionLinkStatus): Words {
  switch (status) {
    case 'confirmed':
      return { heading: t('subscription.outcome.confirmed.heading'), text: t('subscription.outcome.confirmed.text') };
    case 'unsubscribed':
      return {
        heading: t('subscription.outcome.unsubscribed.heading'),
        text: t('subscription.outcome.unsubscribed.text'),
      };
    case 'invalid':
      return { heading: t('subscription.outcome.invalid.heading'), text: t('subscription.outcome.invalid.text') };
  }
}

/** What the page asks before acting on an emailed link, in the page's language. */
export function subscriptionAction(action: SubscriptionLinkAction): Words & { button: string; pending: string } {
  switch (action) {
    case 'confirm':
      return {
        heading: t('subscription.action.confirm.heading'),
        text: t('subscription.action.confirm.text'),
        button: t('subscription.action.confirm.button'),
        pending: t('subscription.action.confirm.pending'),
      };
    case 'unsubscribe':
      return {
        heading: t('subscription.action.unsubscribe.heading'),
        text: t('subscription.action.unsubscribe.text'),
        button: t('subscription.action.unsubscribe.button'),
        pending: t('subscription.action.unsubscribe.pending'),
      };
  }
}

function actionOf(action: string | null): SubscriptionLinkAction | null {
  return action === 'confirm' || action === 'unsubscribe' ? action : null;
}

/**
 * The question an emailed link leads to: its button posts the link's token,
 * then the page shows the outcome. A 400 (a bad or stale link) shows the
 * "not valid" outcome; any other failure is said beside the button, which
 * stays.
 */
function LinkAction({ action, token }: { action: SubscriptionLinkAction; token: string }) {
  const [, setParams] = useSearchParams();
  const link = useSubscriptionLink();
  const words = subscriptionAction(action);
  const act = () =>
    link.mutate(
      { action, token },
      {
        onSuccess: (result) => setParams({ status: result.status }, { replace: true }),
        onError: (error) => {
          if (error instanceof RequestError && error.status === 400) setParams({ status: 'invalid' }, { replace: true });
        },
      },
    );
  // In the page's language: the server's words (Accept-Language), or the page's for no connection.
  const failure = link.error instanceof RequestError && link.error.status !== 400 ? link.error.message : null;
  return (
    <>
      <h1 className="text-3xl font-bold">{words.heading}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">{words.text}</p>
      <div className="mt-8 flex justify-center">
        <Button onClick={act} disabled={link.isPending} className="min-h-11 px-6">
          {link.isPending ? words.pending : words.button}
        </Button>
      </div>
      {failure && (
        <div className="mt-6 text-left">
          <Alert title={failure}>{t('subscription.linkStillWorks')}</Alert>
        </div>
      )}
    </>
  );
}

function outcomeOf(status: string | null): SubscriptionLinkStatus {
  return status === 'confirmed' || status === 'unsubscribed' ? status : 'invalid';
}

/**
 * /subscription?action=confirm|unsubscribe&token=…: where the confirm and
 * unsubscribe links of the subscription emails lead (the gateway sends the
 * browser here, changing nothing); the button acts, and the page then reads
 * /subscription?status=confirmed|unsubscribed|invalid.
 */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  const action = actionOf(params.get('action'));
  const token = params.get('token');
  const outcome = subscriptionOutcome(outcomeOf(params.get('status')));
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <RouteMeta route="/subscription" />
      {action && token ? (
        <LinkAction action={action} token={token} />
      ) : (
        <>
          <h1 className="text-3xl font-bold">{outcome.heading}</h1>
          <p className="mt-4 text-gray-700 dark:text-gray-300">{outcome.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/blog" className={buttonClass('primary')}>
              {t('subscription.readBlog')}
            </Link>
            <Link to="/events" className={buttonClass('secondary')}>
              {t('subscription.seeEvents')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
