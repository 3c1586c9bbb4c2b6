import type { Page } from '@playwright/test';

/**
 * The home page's look as checks (issue 39): text that overflows its box (scrollWidth >
 * clientWidth: a clipped or spilling name) and controls that overlap. Read in the page, as laid out.
 *
 * - Overflow: every visible element with text in it, laid out as a box (not inline), whose content
 *   is wider than its box. Screen-reader-only text (clipped to a pixel) is not on screen and is
 *   left out; so is text that ends in a visible ellipsis (text-overflow), a truncation by design.
 * - Overlap: every visible control (button, link, field, slider) against every other in the page's
 *   flow. Two whose boxes cross (neither inside the other) collide. A control laid wholly over
 *   another (a corner button on a card) is a layer by design, but must cover none of the other's
 *   text. Fixed and sticky bars float over the flow, so they are checked once, at the end of the
 *   page: no control of the page may be under the bottom player bar there.
 */
export interface LookProblem {
  kind: 'overflow' | 'overlap' | 'covers-text' | 'under-player-bar' | 'under-header';
  what: string;
}

export async function lookProblems(page: Page): Promise<LookProblem[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const inFlow = await page.evaluate(collect, false);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Let the scroll settle (one frame) before reading where the bar sits over the page.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const atEnd = await page.evaluate(collect, true);
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...inFlow, ...atEnd];
}

/** Runs in the page (serialised by Playwright: no closures over this module). */
function collect(atEnd: boolean): LookProblem[] {
  const problems: LookProblem[] = [];
  const describe = (element: Element) => {
    const id = element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${text}" at ${window.innerWidth} px`;
  };
  const hidden = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
      // Scaled to nothing (a slider's value label until hover or focus).
      if (style.transform.startsWith('matrix(0, 0, 0, 0,')) return true;
      if (node.getAttribute('aria-hidden') === 'true' && node.closest('[role="presentation"], .MuiDrawer-root')) return true;
      // Screen-reader-only text: clipped away, or a box of a pixel.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || (style.overflow === 'hidden' && node.getBoundingClientRect().width <= 1)) return true;
    }
    return false;
  };
  const floating = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return node;
    }
    return null;
  };

  if (!atEnd) {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.clientWidth === 0 || !(element.textContent ?? '').trim() || hidden(element)) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push({ kind: 'overflow', what: `${describe(element)}: ${element.scrollWidth} > ${element.clientWidth}` });
    }
  }

  const controls = [...new Set([...document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="slider"], [role="switch"]')].map((element) => element.closest('.MuiSlider-root') ?? element))].filter((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && !hidden(element);
  });
  const area = (a: DOMRect, b: DOMRect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const inside = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
  const textBoxes = (element: Element, except: Element) => {
    const boxes: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || except.contains(node) || (node.parentElement && hidden(node.parentElement))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...range.getClientRects());
    }
    return boxes;
  };

  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i]!;
      const b = controls[j]!;
      if (a.contains(b) || b.contains(a)) continue;
      const floatA = floating(a);
      const floatB = floating(b);
      // In the flow: both in it. At the end of the page: the player bar against the page.
      const bar = floatA?.closest('[data-testid="player-bar"]') ?? floatB?.closest('[data-testid="player-bar"]');
      if (atEnd ? !bar || (floatA && floatB) : floatA !== floatB) continue;
      const boxA = a.getBoundingClientRect();
      const boxB = b.getBoundingClientRect();
      if (area(boxA, boxB) <= 1) continue;
      if (atEnd) {
        problems.push({ kind: 'under-player-bar', what: `${describe(floatA ? b : a)} under the player bar's ${describe(floatA ? a : b)}` });
      } else if (inside(boxA, boxB) || inside(boxB, boxA)) {
        const [inner, outer] = inside(boxA, boxB) ? [a, b] : [b, a];
        const innerBox = inner.getBoundingClientRect();
        if (textBoxes(outer, inner).some((box) => area(box, innerBox) > 1)) problems.push({ kind: 'covers-text', what: `${describe(inner)} covers the text of ${describe(outer)}` });
      } else {
        problems.push({ kind: 'overlap', what: `${describe(a)} overlaps ${describe(b)}` });
      }
    }
  }
  return problems;
}

/**
 * Nothing the listener reaches is hidden under the page's bars (issue 39, item 6; WCAG 2.4.11):
 * Tab through every control of the page, forward then back, and read where each one lands as the
 * browser scrolls it into view. A control of the page whose box, with its 3 px focus ring and
 * 2 px offset, crosses the floating player bar or the sticky header is a problem. Controls of
 * the bars themselves, and the skip link (it shows over the header by design), are not checked.
 */
export async function focusHiddenUnderBars(page: Page, presses = 120): Promise<LookProblem[]> {
  const problems = new Map<string, LookProblem>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const key of ['Tab', 'Shift+Tab']) {
    // Start from the document's edge: nothing focused, the page at its top (forward) or its end (back).
    await page.evaluate((back) => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, back ? document.documentElement.scrollHeight : 0);
    }, key === 'Shift+Tab');
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      const found = await page.evaluate(whereFocusLands);
      if (found === 'left the page') break;
      if (found) problems.set(found.what, found);
    }
  }
  return [...problems.values()];
}

/** Runs in the page: the focused control against the bars, or 'left the page' once focus cycles out. */
function whereFocusLands(): LookProblem | 'left the page' | null {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return 'left the page';
  const bar = document.querySelector('[data-testid="player-bar"]');
  const header = document.querySelector('header');
  if (bar?.contains(active) || header?.contains(active) || active.matches('a[href="#main"]')) return null;
  // A slider's focus is its thumb's (the range input inside it is visually hidden).
  const shown = active.closest('.MuiSlider-thumb') ?? active;
  const ring = 5;
  const box = shown.getBoundingClientRect();
  const [top, bottom, left, right] = [box.top - ring, box.bottom + ring, box.left - ring, box.right + ring];
  const crosses = (other: DOMRect) => Math.min(right, other.right) > Math.max(left, other.left) && Math.min(bottom, other.bottom) > Math.max(top, other.top);
  const name = `<${active.tagName.toLowerCase()}> "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" at ${window.innerWidth} × ${window.innerHeight}`;
  if (bar && crosses(bar.getBoundingClientRect())) return { kind: 'under-player-bar', what: `${name} is focused under the player bar` };
  if (header && crosses(header.getBoundingClientRect())) return { kind: 'under-header', what: `${name} is focused under the header` };
  return null;
}
