// Posts in three languages (issue 39): an editor writes a French
// translation of an English post and links it in the admin; /fr/blog lists
// French posts first and labels the English ones; the English post's page
// links its French translation, and its served HTML names it as an
// hreflang alternate; the French post lives at its own language's address.
// CONTENT_SHOTS=DIR saves the admin form and /fr/blog at 1366 and 390 px,
// light and dark.

import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminApi, adminEmail, adminPassword, presetConsent, signedInAdmin } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const shots = process.env.CONTENT_SHOTS;
let api: APIRequestContext;

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await adminApi(playwright, baseURL!);
});

test.afterAll(async () => {
  const posts = await (await api.get(`/api/admin/blog?limit=1000&search=${tag}`)).json();
  // Translations first: deleting an original dissolves its group.
  const ours = (posts.posts as Array<{ id: string; language: string }>).sort((a, b) => (a.language === 'en' ? 1 : 0) - (b.language === 'en' ? 1 : 0));
  for (const post of ours) await api.delete(`/api/admin/blog/${post.id}`);
  await api.dispose();
});

test('an editor links a French translation; /fr/blog lists it first and the English page links it, in its served HTML too', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const englishTitle = `Edge nodes in Lagos ${tag}`;
  const created = await api.post('/api/admin/blog', {
    data: {
      title: englishTitle,
      excerpt: 'Why we put compute next to the Lagos exchanges.',
      fullContent: 'Latency to Lagos users fell below 10 ms once the edge nodes went live.',
      category: 'Infrastructure',
      author: 'Wanjiru Kamau',
      status: 'published',
      language: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const original = (await created.json()) as { id: string };

  // The editor writes the French version and links it to the English one.
  const { context: editor, page: admin } = await signedInAdmin(browser, baseURL!, { viewport: { width: 1366, height: 768 } });
  await admin.goto('/admin/blogs/new');
  const main = admin.getByRole('main');
  const frenchTitle = `Des nœuds de périphérie à Lagos ${tag}`;
  await main.getByRole('textbox', { name: 'Title' }).fill(frenchTitle);
  await main.getByRole('combobox', { name: 'Category' }).fill('Infrastructure');
  await main.getByRole('textbox', { name: 'Excerpt' }).fill('Pourquoi nous installons du calcul au plus près des points d’échange de Lagos.');
  await main.getByRole('textbox', { name: 'Content' }).fill('La latence vers Lagos est passée sous les 10 ms dès la mise en service des nœuds.');
  await main.getByLabel('Language').selectOption('fr');
  await main.getByLabel('Translation of').selectOption(original.id);
  await main.getByLabel('Status').selectOption('published');
  if (shots) await admin.screenshot({ path: `${shots}/admin-translation-1366.png`, fullPage: true });
  await main.getByRole('button', { name: 'Create post' }).click();
  await expect(admin.getByText('Post created', { exact: true })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/blogs\/[0-9a-f-]{36}$/);
  const frenchId = admin.url().split('/').pop()!;

  // A second French translation of the same post is refused, saying why.
  const second = await api.post('/api/admin/blog', {
    data: {
      title: `Encore Lagos ${tag}`,
      excerpt: 'Doublon.',
      fullContent: 'Doublon.',
      category: 'Infrastructure',
      author: 'Wanjiru Kamau',
      status: 'draft',
      language: 'fr',
      translationOf: original.id,
    },
  });
  expect(second.status()).toBe(409);
  expect((await second.json()).message).toContain('French');
  await editor.close();

  const reader = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  await presetConsent(reader);
  const page = await reader.newPage();

  // /fr/blog: French posts before English ones, the English one labelled.
  await page.goto('/fr/blog');
  const titles = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(titles.filter({ hasText: frenchTitle })).toBeVisible();
  const order = await titles.allTextContents();
  const frenchAt = order.findIndex((title) => title.includes(frenchTitle));
  const englishAt = order.findIndex((title) => title.includes(englishTitle));
  expect(frenchAt, order.join(' | ')).toBeGreaterThanOrEqual(0);
  expect(englishAt, order.join(' | ')).toBeGreaterThan(frenchAt);
  const englishCard = page.getByRole('article').filter({ hasText: englishTitle });
  await expect(englishCard.getByText('Anglais', { exact: true })).toBeVisible();
  await expect(englishCard.locator('[lang="en"]').first()).toBeVisible();

  // The English post's page links its French translation, in the served HTML too.
  const served = await page.goto(`/blog/${original.id}`);
  const html = (await served?.text()) ?? '';
  expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="fr" href="[^"]*/fr/blog/${frenchId}"`));
  await page.getByRole('link', { name: 'Lire en français' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/blog/${frenchId}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchTitle);
  await expect(page.getByRole('link', { name: 'Read in English' })).toHaveAttribute('href', new RegExp(`/blog/${original.id}$`));

  // The French post's other addresses lead to its own.
  const moved = await page.request.get(`/blog/${frenchId}?ref=share`, { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(moved.headers().location).toBe(`/fr/blog/${frenchId}?ref=share`);

  if (shots) {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
        const context = await browser.newContext({ baseURL, viewport, colorScheme: theme, locale: 'fr-FR' });
        await presetConsent(context, { theme });
        const shot = await context.newPage();
        await shot.goto('/fr/blog');
        await expect(shot.getByRole('main').getByRole('heading', { level: 3 }).first()).toBeVisible();
        await shot.screenshot({ path: `${shots}/fr-blog-${viewport.width}-${theme}.png`, fullPage: true });
        await context.close();
      }
    }
  }
  await reader.close();
});
