import { createStore } from './external-store';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

/** Whether the browser offers to install the app now (the menu shows its install button then). */
export const installStore = createStore(false);

/**
 * Keeps the browser's install offer for the menu's button instead of its own mini-infobar; listened to
 * from the start (main.tsx), since the event may come before any page renders.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installStore.set(true);
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installStore.set(false);
  });
}

/** Shows the browser's install dialog; whether the member installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  installStore.set(false);
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
