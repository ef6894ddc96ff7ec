// The layout check of issue 39: with every English message about 40 %
// longer (the pseudo-locale, build-plugins/pseudo.ts, in a test build only),
// the translated pages fit a 320 px screen: the document does not scroll
// sideways, and no text is cut by an element that hides its overflow (a
// `truncate` is allowed only where the full text is in a title or aria-label).
// Runs with `./infra/e2e --pseudo` (docs/testing.md), which builds
// web/dist-pseudo and serves it; skipped against a shipped build.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pseudoMessage } from '../build-plugins/pseudo';
import { presetConsent, registerViaApi } from './helpers';

test.skip(!process.env.E2E_PSEUDO, 'needs the pseudo-locale build: ./infra/e2e --pseudo');

const english = JSON.parse(readFileSync(new URL('../src/i18n/catalogs/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const pseudo = (id: string) => pseudoMessage(english[id]!);

/** PSEUDO_SHOTS=DIR saves each page as the check saw it. */
const shots = process.env.PSEUDO_SHOTS;

const pages = ['/', '/bare-metal-servers', '/virtual-servers', '/data-forge', '/about', '/contact', '/finance', '/blog', '/events'];

/** What overflows the document at this width, or is cut by an ancestor that hides its overflow. */
async function layoutProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : ''
      }`;
    const limit = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll > limit) {
      // The outermost elements past the right edge (as the site quality gate reports them).
      const culprits: Element[] = [];
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right <= limit + 0.5 || box.width === 0) continue;
        if (culprits.some((outer) => outer.contains(element))) continue;
        culprits.push(element);
        if (culprits.length === 3) break;
      }
      problems.push(`the page scrolls sideways: scrollWidth ${scroll} > ${limit}: ${culprits.map(describe).join(', ')}`);
    }

    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const reported = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !/\p{L}/u.test(text)) continue;
      // Not shown, or not meant to be seen: screen-reader texts, slides put aside.
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (parent.closest('[aria-hidden="true"], [inert], .sr-only, script, style, noscript')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) continue;
      for (let box: Element | null = parent; box; box = box.parentElement) {
        // Content in motion (a marquee) passes through its window by design.
        if (box.getAnimations().length > 0) break;
        const style = getComputedStyle(box);
        // In a box that scrolls (a carousel, a wide table), the text is reached by scrolling.
        if (/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) break;
        const clipsX = hides(style.overflowX);
        const clipsY = hides(style.overflowY);
        if (!clipsX && !clipsY) continue;
        const root = box === document.documentElement || box === document.body;
        const outer = box.getBoundingClientRect();
        const left = root ? 0 : outer.left + box.clientLeft;
        const right = root ? window.innerWidth : left + box.clientWidth;
        const top = outer.top + box.clientTop;
        const bottom = top + box.clientHeight;
        const cut = rects.some(
          (rect) =>
            (clipsX && (rect.left < left - 1 || rect.right > right + 1)) ||
            (clipsY && !root && (rect.top < top - 1 || rect.bottom > bottom + 1)),
        );
        if (!cut) continue;
        // A truncated text whose whole words are at hand (a title or an aria-label) is allowed.
        const labelled = parent.closest('[title], [aria-label]');
        const whole = `${labelled?.getAttribute('title') ?? ''} ${labelled?.getAttribute('aria-label') ?? ''}`;
        if (style.textOverflow === 'ellipsis' && whole.includes(text.trim())) break;
        if (!reported.has(box)) {
          reported.add(box);
          problems.push(`text cut by ${describe(box)} (overflow ${style.overflowX}/${style.overflowY}): "${text.trim().slice(0, 60)}"`);
        }
        break;
      }
    }
    return problems;
  });
}

/** The page's problems, each named by `where`, once it shows the pseudo-locale (a bracketed heading), not English. */
async function problemsOf(page: Page, where: string): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('[');
  return (await layoutProblems(page)).map((problem) => `${where}: ${problem}`);
}

test.describe('the pseudo-locale (about 40 % longer texts) fits 320 px', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the translated pages (${theme})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 320, height: 800 }, colorScheme: theme });
      await presetConsent(context, { theme });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        problems.push(...(await problemsOf(page, path)));
        if (shots) await page.screenshot({ path: `${shots}/pseudo${path.replace(/\//g, '-')}-320-${theme}.png`, fullPage: true });
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('the dashboard, account security, the menu and the chat widget', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
    await presetConsent(context);
    await registerViaApi(context.request);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of ['/dashboard', '/account/security']) {
      await page.goto(path);
      problems.push(...(await problemsOf(page, path)));
    }

    await page.goto('/');
    await page.getByRole('button', { name: pseudo('header.openMenu') }).click();
    await expect(page.getByRole('navigation', { name: pseudo('header.mobileNav') })).toBeVisible();
    problems.push(...(await layoutProblems(page)).map((problem) => `the open menu: ${problem}`));
    await page.getByRole('button', { name: pseudo('header.closeMenu') }).click();

    await page.getByRole('button', { name: pseudo('launcher.open') }).click();
    const widget = page.getByRole('dialog');
    await expect(widget).toBeVisible();
    await expect(widget).toContainText('[');
    problems.push(...(await layoutProblems(page)).map((problem) => `the open chat widget: ${problem}`));
    expect(problems).toEqual([]);
    await context.close();
  });
});

test('the check notices a page that scrolls sideways and a truncated text without its whole words at hand', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  await presetConsent(context);
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('[');
  // Outside the app's root, so no render takes them away; styled through the
  // CSSOM, which the Content-Security-Policy allows (a style attribute it does not).
  await page.evaluate(() => {
    const sentence = 'A sentence far too long for its box';
    for (const [id, title] of [['cut', ''], ['kept', sentence]] as const) {
      const p = document.createElement('p');
      p.id = id;
      p.textContent = sentence;
      if (title) p.title = title;
      Object.assign(p.style, { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', width: '80px' });
      document.body.append(p);
    }
    const wide = document.createElement('div');
    Object.assign(wide.style, { width: '400px', height: '4px' });
    document.body.append(wide);
  });
  const problems = await layoutProblems(page);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toContain('the page scrolls sideways');
  expect(problems[1]).toContain('text cut by p#cut');
  await context.close();
});
