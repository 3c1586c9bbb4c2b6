import type { Page } from '@playwright/test';

/** Init script: keeps every media-session action handler the app sets, so a test can press the lock screen's (or media keys') buttons. */
export function recordMediaSessionHandlers(): void {
  const handlers: Record<string, (() => void) | null> = {};
  (window as unknown as { __sessionHandlers: typeof handlers }).__sessionHandlers = handlers;
  const setActionHandler = MediaSession.prototype.setActionHandler;
  MediaSession.prototype.setActionHandler = function (this: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    handlers[action] = handler as (() => void) | null;
    return setActionHandler.call(this, action, handler);
  };
}

/** Presses the media-session `actions` in order, `gapMs` apart, each in its own task as key presses are. */
export const pressMediaKeys = (page: Page, actions: readonly string[], gapMs = 0) =>
  page.evaluate(
    async ({ list, gap }) => {
      const handlers = (window as unknown as { __sessionHandlers: Record<string, (() => void) | null> }).__sessionHandlers;
      for (const [i, action] of list.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        handlers[action]?.();
      }
    },
    { list: actions, gap: gapMs },
  );
