// A fake content API for the admin screen tests: an in-memory store of posts,
// events and uploads behind mocked fetch, recording every write.

import type { BlogPost } from '@/api-types/BlogPost';
import type { Event } from '@/api-types/Event';
import type { Upload } from '@/api-types/Upload';
import { pagination } from '@/test/content-fixtures';
import { json, mockFetch, sampleUser } from '@/test/render';

export const admin = { ...sampleUser, isAdmin: true, name: 'Wanjiru Kamau' };

export interface Write {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeApi {
  posts: BlogPost[];
  events: Event[];
  uploads: Upload[];
  writes: Write[];
  /** The contents sent to the preview (not writes: nothing is stored). */
  previews: string[];
  /** Answers the next request with this method and path with this response instead. */
  refuse: (method: string, path: RegExp, response: () => Response) => void;
  fetch: ReturnType<typeof mockFetch>;
}

export function fakeContentApi(seed: { posts?: BlogPost[]; events?: Event[]; uploads?: Upload[] } = {}): FakeApi {
  const api: Omit<FakeApi, 'fetch'> & { fetch?: FakeApi['fetch'] } = {
    posts: [...(seed.posts ?? [])],
    events: [...(seed.events ?? [])],
    uploads: [...(seed.uploads ?? [])],
    writes: [],
    previews: [],
    refuse: (method, path, response) => refusals.push({ method, path, response }),
  };
  const refusals: Array<{ method: string; path: RegExp; response: () => Response }> = [];
  let created = 0;

  api.fetch = mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/user') return json(200, admin);
    const refusal = refusals.findIndex((r) => r.method === method && r.path.test(path));
    if (path === '/api/admin/blog/preview' && method === 'POST') {
      const { fullContent } = JSON.parse(String(init.body)) as { fullContent: string };
      api.previews.push(fullContent);
      if (refusal >= 0) return refusals.splice(refusal, 1)[0]!.response();
      // A stand-in for the server's renderer (tested in Rust): the text escaped in a marked paragraph.
      const escaped = fullContent.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const words = fullContent.split(/\s+/).filter(Boolean).length;
      return json(200, { html: `<p data-rendered="server">${escaped}</p>`, words, readTime: `${Math.max(1, Math.round(words / 200))} min read` });
    }
    if (method !== 'GET') {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      api.writes.push({ method, path, body });
    }
    if (refusal >= 0) return refusals.splice(refusal, 1)[0]!.response();
    const search = parsed.searchParams.get('search')?.toLowerCase();
    const matches = (text: string) => !search || text.toLowerCase().includes(search);

    if ((path === '/api/blog' || path === '/api/admin/blog') && method === 'GET') {
      const posts = api.posts.filter((p) => matches(p.title));
      return json(200, { posts, pagination: pagination(1, 1, posts.length, 1000) });
    }
    if (path === '/api/events' && method === 'GET') {
      const events = api.events.filter((e) => matches(e.title));
      return json(200, { events, pagination: pagination(1, 1, events.length, 1000) });
    }
    if (path === '/api/admin/uploads' && method === 'GET') return json(200, { uploads: api.uploads });

    const id = path.split('/').pop() ?? '';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (path === '/api/admin/blog' && method === 'POST') {
      // As the server: no publication time means now.
      const saved = { ...(body as unknown as BlogPost), publishedAt: (body.publishedAt as string | undefined) ?? new Date().toISOString(), id: `new-post-${++created}`, uvm: 0, imageData: null, contentHtml: null, readTimeAuto: !body.readTime };
      api.posts.unshift(saved);
      return json(201, saved);
    }
    if (path.startsWith('/api/admin/blog/')) {
      const index = api.posts.findIndex((p) => p.id === id);
      if (index < 0) return json(404, { message: 'Blog post not found' });
      if (method === 'DELETE') {
        api.posts.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      api.posts[index] = { ...api.posts[index]!, ...(body as Partial<BlogPost>) };
      return json(200, api.posts[index]);
    }
    if (path === '/api/admin/events' && method === 'POST') {
      const marked = Boolean((body as { completed?: boolean }).completed);
      const saved = { ...(body as unknown as Event), id: `new-event-${++created}`, status: marked ? 'completed' : 'upcoming', markedCompleted: marked };
      api.events.unshift(saved as Event);
      return json(201, saved);
    }
    if (path.startsWith('/api/admin/events/')) {
      const index = api.events.findIndex((e) => e.id === id);
      if (index < 0) return json(404, { message: 'Event not found' });
      if (method === 'DELETE') {
        api.events.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      // As the server: `completed` left out keeps the mark; the status follows the mark (dates are not compared here).
      const { completed, ...fields } = body as Partial<Event> & { completed?: boolean };
      const marked = completed ?? api.events[index]!.markedCompleted;
      api.events[index] = { ...api.events[index]!, ...fields, markedCompleted: marked, status: marked ? 'completed' : api.events[index]!.status };
      return json(200, api.events[index]);
    }
    if (path.startsWith('/api/admin/uploads/') && method === 'DELETE') {
      api.uploads = api.uploads.filter((u) => u.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'Not found' });
  });
  return api as FakeApi;
}
