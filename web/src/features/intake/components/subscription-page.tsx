import { Link, useSearchParams } from 'react-router-dom';
import type { SubscriptionLinkStatus } from '@/api-types/SubscriptionLinkStatus';
import { buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';

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

function outcomeOf(status: string | null): SubscriptionLinkStatus {
  return status === 'confirmed' || status === 'unsubscribed' ? status : 'invalid';
}

/**
 * /subscription?status=confirmed|unsubscribed|invalid: where the confirm and
 * unsubscribe links of the subscription emails lead (the gateway acts on
 * the signed link, then sends the browser here).
 */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  const outcome = subscriptionOutcomes[outcomeOf(params.get('status'))];
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta
        title="Email Subscription | Nyota Cloud"
        description="Confirm or end your Nyota Cloud email subscription."
        keywords="subscription, newsletter, unsubscribe"
      />
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
    </section>
  );
}
