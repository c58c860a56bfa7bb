import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { AppShell } from './layout/app-shell';
import { ConfirmProvider } from './components/ui/confirm-dialog';
import { ToastProvider } from './components/ui/toast';
import { PwaLayer } from './features/pwa/pwa-layer';
import { PlacedOrdersDialog } from './features/checkout/placed-orders-dialog';
import { AppRoutes } from './routes';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

/** Moves focus to the page and scrolls to the top on navigation, as a full page load would. */
function RouteAnnouncer() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <RouteAnnouncer />
            <PwaLayer />
            <PlacedOrdersDialog />
            <AppShell>
              <AppRoutes />
            </AppShell>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
