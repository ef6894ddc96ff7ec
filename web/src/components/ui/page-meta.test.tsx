import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PageMeta, pageTitle } from './page-meta';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('PageMeta', () => {
  it('events variant appends the suffix', () => {
    expect(pageTitle('Tech Summit', 'events')).toBe('Tech Summit | Nyota Cloud Events');
    expect(pageTitle('About Us')).toBe('About Us');
  });

  it('writes description, keywords, canonical, Open Graph, Twitter and article dates', async () => {
    render(
      <MemoryRouter initialEntries={['/blog/42']}>
        <PageMeta
          title="A post"
          description="About a post"
          keywords="a, b"
          type="article"
          publishedTime="2026-01-02T00:00:00Z"
          modifiedTime="2026-01-03T00:00:00Z"
        />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('A post'));
    expect(meta('meta[name="description"]')).toBe('About a post');
    expect(meta('meta[name="keywords"]')).toBe('a, b');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/blog/42`,
    );
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/blog/42`);
    expect(meta('meta[name="twitter:title"]')).toBe('A post');
    expect(meta('meta[property="article:published_time"]')).toBe('2026-01-02T00:00:00Z');
    expect(meta('meta[property="article:modified_time"]')).toBe('2026-01-03T00:00:00Z');
  });
});
