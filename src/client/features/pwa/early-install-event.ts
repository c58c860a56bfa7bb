/**
 * The browser's offer to install the app (`beforeinstallprompt`) can come before the install prompt's
 * code has loaded: that code arrives after hydration (app.tsx), to keep it out of every page's first
 * script. This keeps an offer made meanwhile, and the prompt takes it when it starts listening itself.
 */
let kept: Event | null = null;

function keep(event: Event): void {
  event.preventDefault();
  kept = event;
}

/** Starts keeping an early offer (main.tsx, before the app renders). */
export function keepEarlyInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', keep);
}

/** The offer made before the prompt listened, if any; from now on the prompt listens itself. */
export function takeEarlyInstallOffer(): Event | null {
  window.removeEventListener('beforeinstallprompt', keep);
  const offer = kept;
  kept = null;
  return offer;
}
