// The event form: its values, the rules (the server's, in its words), and the
// conversions between an event, the form and the API's event body.

import { z } from 'zod';
import type { Event } from '@/api-types/Event';
import { eventLimits } from '@/api-types/input-limits';
import type { EventInput } from '@/api-types/EventInput';
import { checkImage, checkLink, checkText, dayInNairobi, fieldForMessage, isBlank, isCalendarDate, ruled } from './content-rules';
import { highlightItems, type HighlightItem } from '../components/admin/highlights-editor';

export const eventSchema = z.object({
  title: ruled((v) => checkText('Title', v, { required: true, max: eventLimits.titleChars })),
  description: ruled((v) => checkText('Description', v, { required: true, max: eventLimits.descriptionChars, multiline: true })),
  category: ruled((v) => checkText('Category', v, { required: true, max: eventLimits.categoryChars })),
  date: ruled((v) => {
    const basic = checkText('Date', v, { required: true });
    if (basic) return basic;
    return isCalendarDate(v.trim()) ? null : 'Date must be a calendar date like 2026-03-14';
  }),
  time: ruled((v) => checkText('Time', v, { required: true, max: eventLimits.timeChars })),
  location: ruled((v) => checkText('Location', v, { required: true, max: eventLimits.locationChars })),
  image: ruled(checkImage),
  highlights: z.array(z.object({ id: z.string(), text: z.string() })).superRefine((items, context) => {
    const kept = items.filter((item) => !isBlank(item.text));
    const message =
      kept.length > eventLimits.highlights
        ? `Highlights must be at most ${eventLimits.highlights} items`
        : kept.map((item) => checkText('Each highlight', item.text, { max: eventLimits.highlightChars })).find(Boolean);
    if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
  }),
  registerLink: ruled((v) => checkLink('Registration link', v)),
  completed: z.boolean(),
  language: z.enum(['en', 'fr', 'sw']),
});

export type EventValues = z.infer<typeof eventSchema>;
export type EventField = keyof EventValues;

/** The server's field labels (EventInput::LABELS), for placing its message next to the field. */
export const eventLabels = [
  ['Title', 'title'],
  ['Description', 'description'],
  ['Category', 'category'],
  ['Date', 'date'],
  ['Time', 'time'],
  ['Location', 'location'],
  ['Image', 'image'],
  ['Highlights', 'highlights'],
  ['Each highlight', 'highlights'],
  ['Registration link', 'registerLink'],
  ['Completed', 'completed'],
  ['Language', 'language'],
] as const satisfies ReadonlyArray<readonly [string, EventField]>;

export function eventFieldFor(message: string): EventField | null {
  return fieldForMessage(message, eventLabels);
}

/** Today in Nairobi, the day the server's status compares with. */
export function todayInNairobi(now: Date = new Date()): string {
  return dayInNairobi(now);
}

/** The form's values for an event (or the empty form); `completed` is the admin's mark, not the date. */
export function eventValues(event?: Event | null): EventValues {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    category: event?.category ?? '',
    date: event?.date ?? '',
    time: event?.time ?? '',
    location: event?.location ?? '',
    image: event?.image ?? '',
    highlights: highlightItems(event?.highlights ?? []),
    registerLink: event?.registerLink ?? '',
    completed: event?.markedCompleted ?? false,
    language: event?.language ?? 'en',
  };
}

/** The values of a copy of `event`: the same fields under a new title. */
export function duplicateValues(event: Event): EventValues {
  return { ...eventValues(event), title: `${event.title} (copy)`.slice(0, 200), completed: false };
}

const optional = (value: string) => (isBlank(value) ? undefined : value.trim());

/** The API body for the form's values (blank highlights dropped). */
export function eventInput(values: EventValues): EventInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category.trim(),
    date: values.date.trim(),
    time: values.time.trim(),
    location: values.location.trim(),
    image: optional(values.image),
    highlights: values.highlights.map((item: HighlightItem) => item.text.trim()).filter((text) => !isBlank(text)),
    registerLink: optional(values.registerLink),
    completed: values.completed,
    language: values.language,
  };
}

/** An event's own fields as an API body, with some changed (bulk Mark completed). */
export function eventInputOf(event: Event, changes: Partial<EventInput> = {}): EventInput {
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    date: event.date,
    time: event.time,
    location: event.location,
    image: event.image ?? undefined,
    highlights: event.highlights,
    registerLink: event.registerLink ?? undefined,
    completed: event.markedCompleted,
    language: event.language,
    ...changes,
  };
}

/** The event as its public page will show it once saved: completed when ticked or when its day has passed. */
export function previewEvent(values: EventValues, today: string = todayInNairobi()): Event {
  const input = eventInput(values);
  const past = isCalendarDate(input.date) && input.date < today;
  return {
    id: 'preview',
    title: input.title,
    description: input.description,
    category: input.category,
    status: values.completed || past ? 'completed' : 'upcoming',
    date: input.date,
    time: input.time,
    location: input.location,
    image: input.image ?? null,
    highlights: input.highlights ?? [],
    registerLink: input.registerLink ?? null,
    markedCompleted: values.completed,
    language: values.language,
  };
}
