// Sample blog posts and events for the page tests, in the contract's shapes.

import type { BlogPost } from '@/api-types/BlogPost';
import type { BlogPostSummary } from '@/api-types/BlogPostSummary';
import type { Event } from '@/api-types/Event';
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
    ...overrides,
  };
}
