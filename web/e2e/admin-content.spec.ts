// The admin screens for blog posts, events and uploads (issue 10) against the
// real stack: an admin writes in the browser, a visitor in another context
// finds the result on the public pages. Titles and categories carry a run tag
// so that other runs and the sample content never interfere; everything this
// run creates is deleted afterwards.

import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { adminEmail, adminPassword, axeViolations, presetConsent, registerViaApi } from './helpers';

const tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const blogCategory = `Admin${tag}`;
const eventCategory = `Forum${tag}`;

/** A 40 × 21 PNG in the brand colour, made for this test. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAVCAIAAAC7eDtJAAAAJUlEQVR42mN4yVA2IIhh1OJRi0ctHrV41OJRi0ctHrV41GKaIwCs+3/1B6vf+gAAAABJRU5ErkJggg==',
  'base64',
);

const adminPages = ['/admin/blogs', '/admin/blogs/enhanced', '/admin/events', '/admin/events/enhanced', '/admin/uploads'];

let api: APIRequestContext;

test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  const login = await api.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  // Whatever this run made, in the browser or through the API.
  const posts = await (await api.get(`/api/admin/blog?limit=1000&search=${tag}`)).json();
  for (const post of posts.posts as Array<{ id: string }>) await api.delete(`/api/admin/blog/${post.id}`);
  const events = await (await api.get(`/api/events?limit=1000&search=${tag}`)).json();
  for (const event of events.events as Array<{ id: string }>) await api.delete(`/api/admin/events/${event.id}`);
  const uploads = await api.get('/api/admin/uploads');
  if (uploads.ok()) {
    for (const upload of (await uploads.json()).uploads as Array<{ id: string; filename: string }>) {
      if (upload.filename.includes(tag)) await api.delete(`/api/admin/uploads/${upload.id}`);
    }
  }
  await api.dispose();
});

test.beforeEach(async ({ context }) => {
  await presetConsent(context);
});

/** Signs the page's context in as the seeded admin (the request shares its cookies). */
async function signInAsAdmin(page: Page) {
  const login = await page.request.post('/api/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: adminEmail, password: adminPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** A visitor's page in a context of its own (signed out), with no native share sheet. */
async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await presetConsent(context);
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

/** A calendar day `days` from today, as YYYY-MM-DD. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The image has loaded and has pixels. */
async function imageLoaded(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

async function uploadThroughChooser(page: Page, button: string, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: png });
}

test('an admin writes a Markdown post with uploaded images, previews and publishes it; a visitor finds it rendered, and shares it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const title = `Okapi data residency ${tag}`;
  await page.goto('/admin/blogs/enhanced');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Blog posts (enhanced editor)' })).toBeVisible();
  await main.getByRole('button', { name: 'New post' }).first().click();

  const preview = main.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Untitled post' })).toBeVisible();
  await main.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await main.getByRole('combobox', { name: 'Category' }).fill(blogCategory);
  await main.getByRole('textbox', { name: 'Excerpt' }).fill('Why keeping data in Africa matters.');
  const content = main.getByRole('textbox', { name: 'Content' });
  await content.fill(
    '## Why residency matters\n\nKeeping data **in Kenya** helps. Read [the Act](https://www.odpc.go.ke/).\n\nSecond line <b>stays text</b>.\n',
  );
  // Rendered by the server, as the page will be.
  await expect(preview.getByRole('heading', { level: 3, name: 'Why residency matters' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'in Kenya' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'the Act' })).toHaveAttribute('rel', 'noopener nofollow');
  await expect(preview).toContainText('Second line <b>stays text</b>.');
  await expect(preview.locator('b')).toHaveCount(0);
  await expect(preview).toContainText(blogCategory);
  await expect(main.getByText(/^Saved \d{2}:\d{2} on this device$/)).toBeVisible();

  // An image uploaded into the text lands at the cursor as Markdown.
  await content.press('End');
  await uploadThroughChooser(page, 'Insert image', `rack-${tag}.png`);
  await expect(content).toHaveValue(/!\[rack-e2e[^\]]*\]\(\/objects\/[0-9a-f-]+\)/);
  const inlineUrl = (await content.inputValue()).match(/\((\/objects\/[0-9a-f-]+)\)/)![1]!;
  const inlineImage = preview.locator(`img[src="${inlineUrl}"]`);
  await expect(inlineImage).toBeVisible();
  await imageLoaded(inlineImage);

  await uploadThroughChooser(page, 'Upload image', `okapi-${tag}.png`);
  const imageField = main.getByRole('textbox', { name: 'Image' });
  await expect(imageField).toHaveValue(/^\/objects\//);
  const imageUrl = await imageField.inputValue();
  const previewImage = preview.getByRole('img', { name: title });
  await expect(previewImage).toHaveAttribute('src', imageUrl);
  await imageLoaded(previewImage);

  await main.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await main.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Post created', { exact: true })).toBeVisible();
  // The new post opens at its own address; the list has it.
  await expect(page).toHaveURL(/\/admin\/blogs\/[0-9a-f-]{36}$/);
  await expect(main.getByRole('heading', { level: 2, name: `Edit post: ${title}` })).toBeVisible();
  await main.getByRole('link', { name: 'All posts' }).click();
  await expect(main.getByRole('table', { name: 'Blog posts' }).getByRole('rowheader', { name: title })).toBeVisible();

  const visitor = await visitorPage(browser, baseURL);
  const vpage = visitor.page;
  await vpage.goto('/blog');
  const vmain = vpage.getByRole('main');
  await vmain.getByPlaceholder('Search articles...').fill(`okapi ${tag}`);
  const latest = vmain.getByRole('region', { name: 'Latest Articles' });
  await expect(latest.getByRole('link', { name: title, exact: true })).toBeVisible();
  await vmain.getByPlaceholder('Search articles...').fill('');
  await vmain.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: blogCategory }).click();
  await expect(latest.getByRole('article')).toHaveCount(1);
  await latest.getByRole('link', { name: title, exact: true }).click();
  await expect(vmain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(vmain.getByRole('heading', { level: 3, name: 'Why residency matters' })).toBeVisible();
  await expect(vmain.locator('article strong', { hasText: 'in Kenya' })).toBeVisible();
  const link = vmain.getByRole('link', { name: 'the Act' });
  await expect(link).toHaveAttribute('href', 'https://www.odpc.go.ke/');
  await expect(link).toHaveAttribute('rel', 'noopener nofollow');
  await expect(vmain).toContainText('Second line <b>stays text</b>.');
  await expect(vmain.locator('article b')).toHaveCount(0);
  await imageLoaded(vmain.locator(`article img[src="${inlineUrl}"]`));
  // A new post has no views yet: no "0 views".
  await expect(vmain.getByText(/\bviews?\b/)).toHaveCount(0);
  const image = vmain.getByRole('img', { name: title });
  await expect(image).toHaveAttribute('src', imageUrl);
  await imageLoaded(image);
  await vmain.getByRole('button', { name: 'Share' }).click();
  await expect(vmain.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await vpage.evaluate(() => navigator.clipboard.readText())).toMatch(/\/blog\/[0-9a-f-]+$/);
  await visitor.context.close();
});

test('an admin creates an event with highlights; a visitor finds it with the filters and pages, and opens it', async ({
  page,
  browser,
  baseURL,
}) => {
  // 13 events in this run's category through the API, for a second page.
  for (let i = 1; i <= 13; i += 1) {
    const response = await api.post('/api/admin/events', {
      data: {
        title: `Seeded forum ${String(i).padStart(2, '0')} ${tag}`,
        description: 'Talks and labs.',
        category: eventCategory,
        date: day(5 + i),
        time: '09:00 - 17:00 EAT',
        location: 'Nairobi, Kenya',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signInAsAdmin(page);
  const title = `Kigali builders forum ${tag}`;
  await page.goto('/admin/events/enhanced');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'New event' }).first().click();
  const preview = main.getByRole('region', { name: 'Live preview' });
  await main.getByRole('textbox', { name: 'Title' }).fill(title);
  await main.getByRole('combobox', { name: 'Category' }).fill(eventCategory);
  await main.getByLabel('Date', { exact: true }).fill(day(60));
  await main.getByRole('textbox', { name: 'Time' }).fill('10:00 - 16:00 CAT');
  await main.getByRole('textbox', { name: 'Location' }).fill('Kigali Convention Centre');
  await main.getByRole('textbox', { name: 'Registration link' }).fill('https://tickets.example.org/kigali');
  await main.getByRole('textbox', { name: 'Description' }).fill('A day for builders.\nBring a laptop.');
  await main.getByRole('button', { name: 'Add highlight' }).click();
  await page.keyboard.type('Hands-on GPU lab');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Keynote on Tier-3 design');
  await main.getByRole('button', { name: 'Add highlight' }).click();
  await page.keyboard.type('Networking lunch');
  // Keynote first: moved up with the keyboard.
  await main.getByRole('button', { name: 'Move highlight 2 up' }).focus();
  await page.keyboard.press('Enter');
  const highlights = preview.getByRole('heading', { name: 'Event Highlights' }).locator('xpath=..').getByRole('listitem');
  await expect(highlights).toHaveText(['Keynote on Tier-3 design', 'Hands-on GPU lab', 'Networking lunch']);
  await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(preview).toContainText('UPCOMING');
  await main.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(main.getByRole('table', { name: 'Events' }).getByRole('rowheader', { name: title })).toBeVisible();

  const visitor = await visitorPage(browser, baseURL);
  const vpage = visitor.page;
  await vpage.goto('/events');
  const upcoming = vpage.getByRole('main').getByRole('region', { name: 'Upcoming Events' });
  await upcoming.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: eventCategory }).click();
  await expect(upcoming.getByRole('article')).toHaveCount(12);
  await upcoming.getByRole('navigation', { name: 'Event pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(upcoming.getByRole('article')).toHaveCount(2);
  await upcoming.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Upcoming' }).click();
  await expect(upcoming.getByRole('article')).toHaveCount(12);
  await upcoming.getByPlaceholder('Search events...').fill(`kigali builders ${tag}`);
  const card = upcoming.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(upcoming.getByRole('article')).toHaveCount(1);
  await card.getByRole('link', { name: title, exact: true }).click();
  const vmain = vpage.getByRole('main');
  await expect(vmain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(vmain.getByRole('heading', { name: 'Event Highlights' }).locator('xpath=..').getByRole('listitem')).toHaveText([
    'Keynote on Tier-3 design',
    'Hands-on GPU lab',
    'Networking lunch',
  ]);
  await expect(vmain.getByRole('complementary', { name: 'Join This Event' }).getByRole('link', { name: /Register Now/ })).toHaveAttribute(
    'href',
    'https://tickets.example.org/kigali',
  );
  await visitor.context.close();
});

test('/admin/blogs: edit a title, the unsaved-changes warning, delete with confirmation', async ({ page }) => {
  const original = `Serval storage notes ${tag}`;
  const created = await api.post('/api/admin/blog', {
    data: { title: original, excerpt: 'Notes.', fullContent: 'Body.', category: blogCategory, author: 'Nyota Cloud Team' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInAsAdmin(page);
  // From the admin home, so that Back stays in the app (a same-document history entry).
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/admin/blogs');
  const main = page.getByRole('main');
  await main.getByRole('searchbox', { name: 'Search posts' }).fill(`serval ${tag}`);
  const table = main.getByRole('table', { name: 'Blog posts' });
  await expect(table.getByRole('rowheader')).toHaveText([original]);
  await table.getByRole('button', { name: `Edit ${original}` }).click();
  await expect(page).toHaveURL(`/admin/blogs/${id}`);
  const titleField = main.getByRole('textbox', { name: 'Title' });
  await titleField.fill('');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(titleField).toHaveAccessibleDescription('Title is required');
  const revised = `Serval storage notes, revised ${tag}`;
  await titleField.fill(revised);

  // Leaving by a link (the admin shell's home link) asks first; Stay keeps the form as it was.
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(`/admin/blogs/${id}`);
  await expect(titleField).toHaveValue(revised);

  // Back too.
  await page.evaluate(() => window.history.back());
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(`/admin/blogs/${id}`);
  await expect(titleField).toHaveValue(revised);

  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Post saved', { exact: true })).toBeVisible();
  // Saving keeps the editor; the list has the new title.
  await expect(page).toHaveURL(`/admin/blogs/${id}`);
  await main.getByRole('link', { name: 'All posts' }).click();
  await main.getByRole('searchbox', { name: 'Search posts' }).fill(`serval ${tag}`);
  await expect(table.getByRole('rowheader')).toHaveText([revised]);
  expect(((await (await api.get(`/api/blog/${id}`)).json()) as { title: string }).title).toBe(revised);

  // Delete: Escape and Cancel keep it; Delete post removes it.
  await table.getByRole('button', { name: `Delete ${revised}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(confirm).toContainText(`“${revised}” will be removed from the blog at once.`);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await table.getByRole('button', { name: `Delete ${revised}` }).click();
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Post deleted', { exact: true })).toBeVisible();
  await expect(main.getByText(`No posts match “serval ${tag}”.`)).toBeVisible();
  expect((await api.get(`/api/blog/${id}`)).status()).toBe(404);
});

test('closing the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/events');
  await page.getByRole('main').getByRole('button', { name: 'New event' }).first().click();
  await page.getByRole('main').getByRole('textbox', { name: 'Title' }).fill('Half-written event');
  // The form marks itself unsaved a render after the input (react-hook-form
  // updates its state asynchronously): wait until the guard is listening, or a
  // busy machine closes the tab before it is.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const probe = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(probe);
        return probe.defaultPrevented;
      }),
    )
    .toBe(true);
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('/admin/uploads: upload by the file button, size and dimensions in the grid, delete warns when used', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/uploads');
  const main = page.getByRole('main');
  const name = `forum-${tag}.png`;
  await uploadThroughChooser(page, 'Choose images', name);
  await expect(page.getByText('Image uploaded', { exact: true })).toBeVisible();
  const card = main.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').filter({ hasText: name }).first();
  await expect(card).toContainText(`${png.length} B`);
  await expect(card).toContainText('40 × 21');
  await expect(card).toContainText('Not used by any post or event');
  await imageLoaded(card.getByRole('img', { name }));
  const src = await card.getByRole('img', { name }).getAttribute('src');
  expect(src).toMatch(/^\/objects\//);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: `Copy URL: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Copied!: ${name}` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(src!, page.url()).href);
  await expect(card.getByRole('button', { name: `Copy URL: ${name}` })).toBeVisible({ timeout: 4000 });

  const postTitle = `Uses the forum image ${tag}`;
  const created = await api.post('/api/admin/blog', {
    data: { title: postTitle, excerpt: 'E.', fullContent: 'B.', category: blogCategory, author: 'Nyota Cloud Team', image: src },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();
  await expect(card).toContainText(`Post: ${postTitle}`);
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(confirm.getByRole('listitem')).toHaveText([`Post: ${postTitle}`]);
  await confirm.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(src!)).status()).toBe(404);
});

test('a signed-in user who is not an admin gets no admin page and no admin API', async ({ page }) => {
  await registerViaApi(page.request);
  for (const path of adminPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' }), path).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const post = await page.request.post('/api/admin/blog', {
    headers,
    data: { title: 'x', excerpt: 'x', fullContent: 'x', category: 'x', author: 'x' },
  });
  expect(post.status()).toBe(403);
  expect((await page.request.delete('/api/admin/events/00000000-0000-4000-8000-000000000000', { headers })).status()).toBe(403);
  expect((await page.request.get('/api/admin/uploads')).status()).toBe(403);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe (${theme}): the five admin pages, an open editor and a dialog`, async ({ page, context }) => {
    await presetConsent(context, { theme });
    await signInAsAdmin(page);
    const seeded = await api.post('/api/admin/blog', {
      data: { title: `Axe admin ${theme} ${tag}`, excerpt: 'E.', fullContent: 'B.', category: blogCategory, author: 'Nyota Cloud Team' },
    });
    expect(seeded.status()).toBe(201);
    for (const path of adminPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/admin/blogs/enhanced');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'New post' }).first().click();
    await main.getByRole('button', { name: 'Create post' }).click();
    await expect(main.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required');
    expect(await axeViolations(page), 'editor with errors').toEqual([]);
    await main.getByRole('button', { name: 'Cancel' }).click();
    await main.getByRole('searchbox', { name: 'Search posts' }).fill(`axe admin ${theme} ${tag}`);
    await main.getByRole('button', { name: `Delete Axe admin ${theme} ${tag}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
    expect(await axeViolations(page), 'delete dialog').toEqual([]);
  });
}
