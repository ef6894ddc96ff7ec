import { describe, expect, it } from 'vitest';
import { event } from '@/test/content-fixtures';
import {
  duplicateValues,
  eventFieldFor,
  eventInput,
  eventInputOf,
  eventSchema,
  eventValues,
  previewEvent,
} from './event-model';
import { highlightItems } from '../components/admin/highlights-editor';

const valid = {
  ...eventValues(null),
  title: 'Kigali Infrastructure Day',
  description: 'A day on data centres.',
  category: 'Infrastructure',
  date: '2027-03-04',
  time: '10:00 - 16:00 CAT',
  location: 'Kigali Convention Centre',
};

function errorsOf(values: unknown): Record<string, string> {
  const result = eventSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the event form rules', () => {
  it('names every missing required field in the server words', () => {
    expect(errorsOf(eventValues(null))).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      category: 'Category is required',
      date: 'Date is required',
      time: 'Time is required',
      location: 'Location is required',
    });
    expect(errorsOf(valid)).toEqual({});
  });

  it('checks the date, the registration link and the highlights', () => {
    expect(
      errorsOf({ ...valid, date: '2026-02-30', registerLink: 'tickets.example.org', highlights: highlightItems(['x'.repeat(301)]) }),
    ).toEqual({
      date: 'Date must be a calendar date like 2026-03-14',
      registerLink: 'Registration link must be a web address (http:// or https://) or a site path starting with /',
      highlights: 'Each highlight must be at most 300 characters',
    });
    expect(errorsOf({ ...valid, highlights: highlightItems(Array.from({ length: 31 }, (_, i) => `H${i}`)) })).toEqual({
      highlights: 'Highlights must be at most 30 items',
    });
    // Blank lines do not count: the server drops them.
    expect(errorsOf({ ...valid, highlights: highlightItems([...Array.from({ length: 30 }, (_, i) => `H${i}`), ' ']) })).toEqual({});
  });

  it('places server messages next to the field they name', () => {
    expect(eventFieldFor('Registration link must be a web address (http:// or https://) or a site path starting with /')).toBe(
      'registerLink',
    );
    expect(eventFieldFor('Each highlight must not contain control characters')).toBe('highlights');
    expect(eventFieldFor('Date must be a calendar date like 2026-03-14')).toBe('date');
    expect(eventFieldFor('Description is required')).toBe('description');
  });
});

describe('the event body', () => {
  it('sends the highlights in their order without blank ones, and completed', () => {
    const values = {
      ...valid,
      highlights: highlightItems(['Keynote', ' ', ' GPU lab ']),
      completed: true,
      image: '/objects/x',
      language: 'sw' as const,
    };
    expect(eventInput(values)).toEqual({
      title: 'Kigali Infrastructure Day',
      description: 'A day on data centres.',
      category: 'Infrastructure',
      date: '2027-03-04',
      time: '10:00 - 16:00 CAT',
      location: 'Kigali Convention Centre',
      image: '/objects/x',
      highlights: ['Keynote', 'GPU lab'],
      registerLink: undefined,
      completed: true,
      language: 'sw',
    });
  });

  it('keeps the admin mark when saved (not the date), and marks one completed with its other fields unchanged', () => {
    expect(eventValues(event({ status: 'completed', markedCompleted: true })).completed).toBe(true);
    expect(eventValues(event({ status: 'completed', markedCompleted: false })).completed).toBe(false);
    expect(eventInputOf(event({ markedCompleted: true })).completed).toBe(true);
    const open = event({ status: 'upcoming', registerLink: 'https://t.example/x', highlights: ['A', 'B'], language: 'fr' });
    expect(eventInputOf(open, { completed: true })).toEqual({
      title: open.title,
      description: open.description,
      category: open.category,
      date: open.date,
      time: open.time,
      location: open.location,
      image: undefined,
      highlights: ['A', 'B'],
      registerLink: 'https://t.example/x',
      completed: true,
      language: 'fr',
    });
  });

  it('duplicates under a new title, not completed', () => {
    const original = event({ title: 'Nairobi Summit', status: 'completed', markedCompleted: true, highlights: ['Keynote'] });
    const copy = duplicateValues(original);
    expect(copy.title).toBe('Nairobi Summit (copy)');
    expect(copy.completed).toBe(false);
    expect(copy.highlights.map((h) => h.text)).toEqual(['Keynote']);
  });

  it('previews the status the server will compute: completed when ticked or when the day has passed', () => {
    expect(previewEvent({ ...valid, date: '2027-03-04' }, '2027-03-04').status).toBe('upcoming');
    expect(previewEvent({ ...valid, date: '2027-03-03' }, '2027-03-04').status).toBe('completed');
    expect(previewEvent({ ...valid, date: '2027-03-05', completed: true }, '2027-03-04').status).toBe('completed');
  });
});
