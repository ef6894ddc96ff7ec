// Sample blog posts and events for the page tests, in the contract's shapes.

import type { BlogFacets } from '@/api-types/BlogFacets';
import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostSummary } from '@/api-types/BlogPostSummary';
import type { Event } from '@/api-types/Event';
import type { EventFacets } from '@/api-types/EventFacets';
import type { EventStatus } from '@/api-types/EventStatus';
import type { Pagination } from '@/api-types/Pagination';

export function pagination(page: number, totalPages: number, total = totalPages * 12, limit = 12): Pagination {
  return { page, limit, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}

let counter = 0;

export function post(overrides: Partial<BlogPost> = {}): BlogPost {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Post ${counter}`,
    excerpt: `Excerpt ${counter}`,
    fullContent: `Content ${counter}`,
    category: 'News',
    author: 'Nyota Cloud Team',
    publishedAt: '2026-11-23T09:00:00Z',
    readTime: '4 min read',
    image: null,
    imageData: null,
    sourceUrl: null,
    uvm: 0,
    featured: false,
    status: 'published',
    contentFormat: 'markdown',
    contentHtml: `<p>Content ${counter}</p>\n`,
    readTimeAuto: false,
    language: 'en',
    translationOf: null,
    translations: [],
    ...overrides,
  };
}

/** A post as the public list (`GET /api/blog`) carries it: without its content. */
export function summary(post: BlogPost): BlogPostSummary {
  const card: Partial<BlogPost> = { ...post };
  delete card.fullContent;
  delete card.contentHtml;
  return card as BlogPostSummary;
}

export function event(overrides: Partial<Event> = {}): Event {
  counter += 1;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    title: `Event ${counter}`,
    description: `Description ${counter}`,
    category: 'Summit',
    status: 'upcoming',
    markedCompleted: false,
    date: '2026-11-23',
    time: '09:00 - 17:00 EAT',
    location: 'Nairobi, Kenya',
    image: null,
    highlights: [],
    registerLink: null,
    language: 'en',
    ...overrides,
  };
}

/**
 * What `GET /api/blog/facets` answers for these posts (given newest first),
 * as the server counts: categories in order of first appearance, the 5 most
 * viewed (ties in the given order).
 */
export function blogFacets(posts: BlogPost[]): BlogFacets {
  const counts = new Map<string, number>();
  for (const item of posts) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  const popular = posts
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.uvm - a.item.uvm || a.index - b.index)
    .slice(0, 5)
    .map(({ item }) => ({ id: item.id, title: item.title, uvm: item.uvm }));
  return { categories: [...counts].map(([category, count]) => ({ category, count })), popular };
}

/** What `GET /api/events/facets` answers for these events (given in the list's order). */
export function eventFacets(events: Event[]): EventFacets {
  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts];
  };
  const main = ['summit', 'conference', 'infrastructure'];
  return {
    statuses: tally(events.map((item) => item.status)).map(([status, count]) => ({
      status: status as EventStatus,
      count,
    })),
    categories: tally(events.map((item) => item.category)).map(([category, count]) => ({ category, count })),
    otherEvents: events
      .filter((item) => !main.includes(item.category.trim().toLowerCase()))
      .slice(0, 16)
      .map(({ id, title, category, status, date, time, location, image, registerLink, language }) => ({
        id,
        title,
        category,
        status,
        date,
        time,
        location,
        image,
        registerLink,
        language,
      })),
  };
}
