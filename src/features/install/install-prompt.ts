import { proxy } from 'valtio/vanilla';

/** The browser's install prompt event (Chromium); not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installState = proxy({ canInstall: false, installed: false });

let deferredPrompt: BeforeInstallPromptEvent | undefined;

/** Called once at start-up: the prompt fires early, before the Settings page may have loaded. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    installState.canInstall = true;
  });
  target.addEventListener('appinstalled', () => {
    deferredPrompt = undefined;
    installState.canInstall = false;
    installState.installed = true;
  });
}

export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const prompt = deferredPrompt;
  if (!prompt) return 'unavailable';
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  // A prompt can be used once.
  deferredPrompt = undefined;
  installState.canInstall = false;
  return outcome;
}
