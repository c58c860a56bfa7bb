import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { INSTALL_PROMPT_DELAY_MS, STORAGE_KEYS } from '../../../shared/constants';
import { useSiteName } from '../../site';
import { takeEarlyInstallOffer } from './early-install-event';

const InstallDialog = lazy(() => import('./install-dialog'));

/** The event Chromium fires when the app can be installed (not yet in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.pwaPromptDismissed) !== null;
  } catch {
    return false;
  }
}

/**
 * The install modal of spec sections 1 and 4: shown 1 s after the browser offers installation,
 * unless it was dismissed before; Maybe Later records the dismissal, Install Now opens the
 * browser's own install dialog and hides this one.
 */
export function InstallPrompt() {
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const site = useSiteName();
  if (open && !shown) setShown(true);

  useEffect(() => {
    let timer: number | undefined;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      if (dismissedBefore()) return;
      deferred.current = event as BeforeInstallPromptEvent;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setOpen(true), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => {
      deferred.current = null;
      setOpen(false);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    const early = takeEarlyInstallOffer();
    if (early) onPrompt(early);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  function later() {
    try {
      localStorage.setItem(STORAGE_KEYS.pwaPromptDismissed, 'true');
    } catch {
      // Private mode without storage: the prompt may show again next time.
    }
    setOpen(false);
  }

  async function install() {
    const event = deferred.current;
    deferred.current = null;
    setOpen(false);
    if (!event) return;
    try {
      await event.prompt();
      await event.userChoice;
    } catch {
      // The browser refused to show its dialog (say, called twice): nothing else to do.
    }
  }

  // The dialog's code arrives the first time it opens: most visits never see it.
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <InstallDialog open={open} site={site} onLater={later} onInstall={install} />
    </Suspense>
  );
}
