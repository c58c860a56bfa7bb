import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { splitLanguage } from '../shared/i18n/language';
import { App } from './app';
import { loadLanguage } from './i18n/language';
import { keepEarlyInstallOffer } from './features/pwa/early-install-event';
import { registerServiceWorker } from './features/pwa/register-service-worker';
import { hydratePageData } from './page-data';
import { loadScreen } from './routes';
import { httpCaller, Reads } from './reads';
import { hydrateShellData, hydrateSiteData } from './site';

// zod (loaded with the forms) would try `new Function` to compile its validators, which the CSP refuses
// (script-src 'self') and the browser reports as a violation. This is where z.config({ jitless: true })
// keeps its setting; set here, before zod loads, so the first download does not need zod itself.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

keepEarlyInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// An Urdu page (/ur/…) renders once its translations are here, so it never shows English first.
const { language, path } = splitLanguage(window.location.pathname);
const reads = new Reads(httpCaller(language));
// The marketplace's name and colour, as the page's head says them (every page, server-rendered or not).
hydrateSiteData(reads, document);
// The footer and the announcement, on a page the browser renders alone (a server-rendered one carries them in its data).
hydrateShellData(reads, document);
const app = (
  <StrictMode>
    <App reads={reads} language={language} />
  </StrictMode>
);
const languageReady = loadLanguage(language).catch(() => undefined);

// A server-rendered page (entry-server.tsx) is hydrated from the answers it carries, once its screen's
// code is here; any other page (client-only routes, the offline shell) is rendered in the browser.
if (hydratePageData(reads, document)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (a click meanwhile hydrates its target first).
  void Promise.all([loadScreen(path).catch(() => undefined), languageReady]).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  void languageReady.then(() => createRoot(root).render(app));
}

if (import.meta.env.PROD) registerServiceWorker();
