// Attachments both ways (issue 24 §3), against the real stack: an image from
// the visitor's widget shown in the agent's console, a PDF from the agent
// downloaded by the visitor, and another visitor refused. Also the time a
// 5 MiB image takes from the visitor's upload to the agent's screen.

import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminEmail, adminPassword, presetConsent } from './helpers';

const headers = { 'X-Requested-With': 'XMLHttpRequest' };

async function newPage(browser: Browser, baseURL: string | undefined, viewport = { width: 1366, height: 768 }) {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  await presetConsent(context);
  return { context, page: await context.newPage() };
}

async function openConsole(browser: Browser, baseURL: string | undefined) {
  const side = await newPage(browser, baseURL);
  const login = await side.page.request.post('/api/login', { headers, data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  await side.page.goto('/admin/chat');
  await expect(side.page.getByText('Live updates on')).toBeAttached();
  return side;
}

async function startWidgetChat(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Nyota Cloud' });
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill('attach@example.com');
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
  return panel;
}

/** A PNG of `side`² random pixels (so it does not compress), made by the browser's canvas. */
async function noisePng(page: Page, side: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (n) => {
    const canvas = document.createElement('canvas');
    canvas.width = n;
    canvas.height = n;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(n, n);
    for (let i = 0; i < pixels.data.length; i += 4) {
      pixels.data[i] = Math.random() * 256;
      pixels.data[i + 1] = Math.random() * 256;
      pixels.data[i + 2] = Math.random() * 256;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, side);
  return Buffer.from(base64, 'base64');
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test('an image from the visitor reaches the agent; a PDF from the agent downloads for the visitor; another visitor is refused', async ({
  browser,
  baseURL,
}) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(120_000);
  const agentSide = await openConsole(browser, baseURL);
  const agent = agentSide.page;
  const visitorSide = await newPage(browser, baseURL);
  const visitor = visitorSide.page;
  const visitorName = `Achieng ${Date.now().toString(36)}`;
  const panel = await startWidgetChat(visitor, visitorName);

  // The visitor attaches a screenshot with the paperclip and sends it alone.
  const image = await noisePng(visitor, 64);
  await panel.getByTestId('attachment-input').setInputFiles({ name: 'error-screen.png', mimeType: 'image/png', buffer: image });
  await expect(panel.getByTestId('attachment-draft')).toContainText('error-screen.png');
  await expect(panel.getByRole('button', { name: 'Remove attachment' })).toBeVisible();
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByTestId('attachment-draft')).toHaveCount(0);
  await expect(panel.getByRole('log').getByRole('img', { name: 'error-screen.png' })).toBeVisible();

  // The agent sees its thumbnail in the console, and it really loaded.
  await agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName }).click();
  const conversation = agent.getByRole('region', { name: visitorName });
  const thumbnail = conversation.getByRole('log').getByRole('img', { name: 'error-screen.png' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  const imageHref = await conversation.getByTestId('attachment-image').getAttribute('href');
  expect(imageHref).toMatch(/^\/api\/chat\/attachments\/[0-9a-f-]{36}$/);

  // A file that is not an image or PDF is refused in words, whatever its name.
  const reply = conversation.getByRole('textbox', { name: 'Reply' });
  const composer = agent.getByRole('form', { name: 'Write a reply' });
  await composer.getByTestId('attachment-input').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(composer.getByRole('alert')).toHaveText('Only images (PNG, JPEG, WebP or GIF) and PDF files can be attached');
  await composer.getByRole('button', { name: 'Remove attachment' }).click();

  // The agent sends a PDF with a line of text.
  await composer.getByTestId('attachment-input').setInputFiles({ name: 'Quote March.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(composer.getByRole('button', { name: 'Remove attachment' })).toBeVisible();
  await reply.fill('Here is your quote');
  await reply.press('Enter');
  await expect(conversation.getByRole('log').getByTestId('attachment-file')).toContainText('Quote March.pdf');

  // The visitor downloads it from the chip.
  const chip = panel.getByRole('log').getByTestId('attachment-file');
  await expect(chip).toContainText('Quote March.pdf');
  await expect(panel.getByRole('log').getByText('Here is your quote')).toBeVisible();
  const [download] = await Promise.all([visitor.waitForEvent('download'), chip.click()]);
  expect(download.suggestedFilename()).toBe('Quote March.pdf');
  const saved = await download.path();
  const fs = await import('node:fs/promises');
  expect(Buffer.compare(await fs.readFile(saved), pdf)).toBe(0);
  const pdfHref = await chip.getAttribute('href');

  // Another visitor (their own chat, their own cookies) is told neither file exists.
  const strangerSide = await newPage(browser, baseURL);
  const stranger = strangerSide.page;
  await startWidgetChat(stranger, `Otieno ${Date.now().toString(36)}`);
  for (const href of [imageHref!, pdfHref!, `${imageHref!}/thumbnail`]) {
    const response = await stranger.request.get(href);
    expect(response.status(), href).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  }
  // The owner still may.
  expect((await visitor.request.get(imageHref!)).status()).toBe(200);

  await Promise.all([agentSide.context.close(), visitorSide.context.close(), strangerSide.context.close()]);
});

test('a 5 MiB image: time from the visitor choosing it to the agent seeing it', async ({ browser, baseURL }) => {
  test.skip(!adminEmail || !adminPassword, 'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD not set');
  test.setTimeout(180_000);
  const agentSide = await openConsole(browser, baseURL);
  const agent = agentSide.page;
  const visitorSide = await newPage(browser, baseURL);
  const visitor = visitorSide.page;
  const visitorName = `Kamau ${Date.now().toString(36)}`;
  const panel = await startWidgetChat(visitor, visitorName);
  const row = agent.getByRole('list', { name: 'Chats' }).getByRole('button').filter({ hasText: visitorName });
  await row.click();
  const log = agent.getByRole('region', { name: visitorName }).getByRole('log');

  // 1290² random RGB pixels: a PNG of about 5 MiB.
  const image = await noisePng(visitor, 1290);
  expect(image.length).toBeGreaterThan(4.8 * 1024 * 1024);
  expect(image.length).toBeLessThan(10 * 1024 * 1024);
  const started = Date.now();
  await panel.getByTestId('attachment-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: image });
  await expect(panel.getByRole('button', { name: 'Remove attachment' })).toBeVisible({ timeout: 60_000 });
  const uploaded = Date.now();
  await panel.getByRole('button', { name: 'Send message' }).click();
  const thumbnail = log.getByRole('img', { name: 'big.png' });
  await expect(thumbnail).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  const shown = Date.now();
  const figure = `5 MiB image (${(image.length / 1024 / 1024).toFixed(2)} MiB PNG): upload+processing ${uploaded - started} ms, to the agent's screen ${shown - started} ms`;
  console.log(figure);
  test.info().annotations.push({ type: 'measurement', description: figure });
  await Promise.all([agentSide.context.close(), visitorSide.context.close()]);
});
