import { Link, useSearchParams } from 'react-router-dom';
import type { SubscriptionLinkStatus } from '@/api-types/SubscriptionLinkStatus';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { RequestError } from '@/lib/api-client';
import { readFailureMessage } from '@/lib/error-catalogue';
import { type SubscriptionLinkAction, useSubscriptionLink } from '../api/subscription-link';

/** What each outcome of a subscription link says. */
export const subscriptionOutcomes: Record<SubscriptionLinkStatus, { heading: string; text: string }> = {
  confirmed: {
    heading: 'Subscription confirmed',
    text: "Thank you for confirming your address. You'll receive our updates by email; every one of them has a link to unsubscribe.",
  },
  unsubscribed: {
    heading: "You're unsubscribed",
    text: "We won't email you these updates any more. Changed your mind? Subscribe again on the blog or the events page.",
  },
  invalid: {
    heading: 'This link is not valid',
    text: 'The link may be incomplete. Please copy the whole link from the email, or subscribe again on the blog or the events page.',
  },
};

/** What the page asks before acting on an emailed link. */
export const subscriptionActions: Record<
  SubscriptionLinkAction,
  { heading: string; text: string; button: string; pending: string }
> = {
  confirm: {
    heading: 'Confirm your subscription',
    text: 'Press the button to confirm that you want our updates at this address. Nothing is sent until you do.',
    button: 'Confirm subscription',
    pending: 'Confirming...',
  },
  unsubscribe: {
    heading: 'Unsubscribe from these emails?',
    text: 'Press the button and we will stop sending you these updates. You can subscribe again at any time.',
    button: 'Unsubscribe',
    pending: 'Unsubscribing...',
  },
};

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
  const words = subscriptionActions[action];
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
  const failure =
    link.error instanceof RequestError && link.error.status !== 400 ? readFailureMessage(link.error.failure) : null;
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
          <Alert title={failure}>Your link still works.</Alert>
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
  const outcome = subscriptionOutcomes[outcomeOf(params.get('status'))];
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta
        title="Email Subscription | Nyota Cloud"
        description="Confirm or end your Nyota Cloud email subscription."
        keywords="subscription, newsletter, unsubscribe"
      />
      {action && token ? (
        <LinkAction action={action} token={token} />
      ) : (
        <>
          <h1 className="text-3xl font-bold">{outcome.heading}</h1>
          <p className="mt-4 text-gray-700 dark:text-gray-300">{outcome.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/blog" className={buttonClass('primary')}>
              Read the blog
            </Link>
            <Link to="/events" className={buttonClass('secondary')}>
              See upcoming events
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
