import { lazy, Suspense, useEffect, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { type Language, languagePrefix } from '../shared/i18n/language';
import { AppShell } from './layout/app-shell';
import { ConfirmProvider } from './components/ui/confirm-dialog';
import { ToastProvider } from './components/ui/toast';
import { useHydrated } from './hydration';
import { useSiteName } from './site';
import { LanguageProvider } from './i18n/language';
import { AppRoutes } from './routes';
import { type Reads, ReadsProvider } from './reads';

/** Moves focus to the page and scrolls to the top on navigation, as a full page load would. */
function RouteAnnouncer() {
  const [location] = useLocation();
  const displayName = useSiteName();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
    // A server-rendered page came with its own title; screens that have one set it again (product page).
    document.title = displayName;
  }, [location, displayName]);
  return null;
}

const AfterHydration = lazy(() => import('./layout/after-hydration'));

/** layout/after-hydration.tsx, once the page is hydrated. */
function AfterHydrationLayer() {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <AfterHydration />
    </Suspense>
  ) : null;
}

/**
 * The whole app. The browser (main.tsx) and the server (entry-server.tsx) give it their own cache of
 * the public reads (reads.ts) and the page's language (an Urdu page's routes live under /ur, so every link inside it stays Urdu);
 * the server also names the page's path and query string, which the browser reads from its location.
 */
export function App({
  reads,
  ssrPath,
  ssrSearch,
  language,
}: {
  reads: Reads;
  ssrPath?: string;
  ssrSearch?: string;
  language: Language;
}) {
  return (
    <LanguageProvider language={language}>
      <Router base={languagePrefix(language)} ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <ReadsProvider reads={reads}>
          <ToastProvider>
            <ConfirmProvider>
              <RouteAnnouncer />
              <AfterHydrationLayer />
              <AppShell>
                <AppRoutes />
              </AppShell>
            </ConfirmProvider>
          </ToastProvider>
        </ReadsProvider>
      </Router>
    </LanguageProvider>
  );
}
