import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { audioCensusScript } from './audio-census';
import { holdAlone, holdShared, liveLockDir } from './live-lock';

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
   * fault it stubs): each pattern must match at least one message. Any message no declared or
   * allowed pattern matches fails the test.
   */
  expectConsoleErrors: (...patterns: RegExp[]) => void;
  /** Console errors that may or may not happen (a lazy image while offline): allowed, not required. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
}

interface ConsoleRules {
  expected: RegExp[];
  allowed: RegExp[];
}

/** Fails the test on any uncaught page error or console error it did not expect. */
export const test = base.extend<ConsoleFixtures & { consoleRules: ConsoleRules; liveLock: void }>({
  // A test tagged @live (a real-time recording judged for gaps) runs with no other test beside it (live-lock.ts).
  // Set up before the browser context; waiting for the other worker's test does not count against this test.
  liveLock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, run, testInfo) => {
      const dir = liveLockDir(process.env.E2E_RUN ?? 'local');
      const release = testInfo.tags.includes('@live') ? await holdAlone(dir) : await holdShared(dir, `${process.pid}-${testInfo.workerIndex}`);
      try {
        await run();
      } finally {
        release();
      }
    },
    { auto: true, timeout: 180_000 },
  ],
  // Every page's Web Audio is observed from outside (audio-census.ts): the app has no test doors.
  context: [
    async ({ context }, use) => {
      await context.addInitScript(audioCensusScript);
      await use(context);
    },
    { scope: 'test' },
  ],
  // Pages are prerendered: their controls are visible before React answers them. goto and reload
  // return once the app has taken the page over (app-layout marks <html data-hydrated>), as a
  // person would see it respond; documents that are not the app (no #root) are not waited for.
  page: [
    async ({ page }, use) => {
    const whenHydrated = () =>
      page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      await whenHydrated();
      return response;
    };
    page.reload = async (...args: Parameters<typeof reload>) => {
      const response = await reload(...args);
      await whenHydrated();
      return response;
    };
    await use(page);
    },
    { scope: 'test' },
  ],
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
    { scope: 'test' },
  ],
  consoleRules: [
    async ({ consoleErrors }, use) => {
      const rules: ConsoleRules = { expected: [], allowed: [] };
      await use(rules);
      const unexpected = consoleErrors.filter((text) => ![...rules.expected, ...rules.allowed].some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
      const unseen = rules.expected.filter((pattern) => !consoleErrors.some((text) => pattern.test(text)));
      expect(unseen.map(String), 'console errors the test expected but did not see').toEqual([]);
    },
    { auto: true },
  ],
  expectConsoleErrors: [
    async ({ consoleRules }, use) => {
      await use((...patterns) => consoleRules.expected.push(...patterns));
    },
    { scope: 'test' },
  ],
  allowConsoleErrors: [
    async ({ consoleRules }, use) => {
      await use((...patterns) => consoleRules.allowed.push(...patterns));
    },
    { scope: 'test' },
  ],
});

export { expect };
