// /events: the events with intake's Stay Connected box (the two features meet
// here, in app/).

import EventsPage from '@/features/content/components/events/events-page';
import { SubscribeBox } from '@/features/intake/components/subscribe-box';
import { t } from '@/i18n/i18n';

export function EventsRoute() {
  return (
    <EventsPage
      subscribeBox={
        <SubscribeBox
          topic="events"
          title={t('events.subscribe.title')}
          text={t('events.subscribe.text')}
          successText={t('events.subscribe.success')}
        />
      }
    />
  );
}
