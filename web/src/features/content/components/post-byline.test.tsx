// A post without a read time of its own shows the default in the page's
// language, as the server writes a computed one in the post's.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { PostByline } from './post-byline';

afterEach(async () => {
  await activateLocale('en');
});

const post = { author: 'Nyota Cloud Team', publishedAt: '2026-11-23T09:00:00+03:00', readTime: ' ' };

describe('PostByline', () => {
  it.each([
    ['en', '5 min read'],
    ['fr', '5 min de lecture'],
    ['sw', 'Dakika 5 za kusoma'],
  ] as const)('in %s shows the default read time as %s', async (locale, words) => {
    await activateLocale(locale);
    await loadArea('blog');
    render(<PostByline post={post} />);
    expect(screen.getByText(words)).toBeInTheDocument();
  });

  it("shows the post's own read time as the server wrote it", () => {
    render(<PostByline post={{ ...post, readTime: 'Dakika 3 za kusoma' }} />);
    expect(screen.getByText('Dakika 3 za kusoma')).toBeInTheDocument();
  });
});
