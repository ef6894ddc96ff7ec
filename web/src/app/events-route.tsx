// /events: the events with intake's Stay Connected box (the two features meet
// here, in app/).

import EventsPage from '@/features/content/components/events/events-page';
import { SubscribeBox } from '@/features/intake/components/subscribe-box';
import { subscribeTexts } from '@/features/intake/lib/subscribe';
import { t } from '@/i18n/i18n';

export function EventsRoute() {
  return (
    <EventsPage
      subscribeBox={
        <SubscribeBox
          topic="events"
          title={t('subscribe.events.title')}
          text={t('subscribe.events.text')}
          successText={subscribeTexts.eventsSuccess}
        />
      }
    />
  );
}
