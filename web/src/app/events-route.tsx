// /events: the events with intake's Stay Connected box (the two features meet
// here, in app/).

import EventsPage from '@/features/content/components/events/events-page';
import { SubscribeBox } from '@/features/intake/components/subscribe-box';
import { subscribeTexts } from '@/features/intake/lib/subscribe';

export function EventsRoute() {
  return (
    <EventsPage
      subscribeBox={
        <SubscribeBox
          topic="events"
          title="Stay Connected"
          text="Get dates, speakers and registration links for our next summits and workshops by email."
          successText={subscribeTexts.eventsSuccess}
        />
      }
    />
  );
}
