import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core (WCAG 2.x A/AA) in the page and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Let finite transitions end first: a dialog scanned while it fades in has half-transparent
  // buttons, which fail colour contrast. Infinite animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's strict CSP stays on during the scan.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}

export interface ConsoleFixtures {
  /** Uncaught errors of the test's page; a test that throws on purpose empties it. */
  pageErrors: string[];
  /** console.error messages of every page in the test's context (two-tab tests open more). */
  consoleErrors: string[];
  /**
   * Declares console errors this test causes on purpose (a failed request it routes, a storage
   * fault it stubs): each pattern must match at least one message, and every message must match
   * a pattern. Anything else fails the test.
   */
  expectConsoleErrors: (...patterns: RegExp[]) => void;
}

/** Fails the test on any uncaught page error or console error it did not expect. */
export const test = base.extend<ConsoleFixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url || 'no url'})`);
      });
      await use(errors);
    },
    { auto: true },
  ],
  expectConsoleErrors: [
    async ({ consoleErrors }, use) => {
      const expected: RegExp[] = [];
      await use((...patterns) => expected.push(...patterns));
      const unexpected = consoleErrors.filter((text) => !expected.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
      const unseen = expected.filter((pattern) => !consoleErrors.some((text) => pattern.test(text)));
      expect(unseen.map(String), 'console errors the test expected but did not see').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
