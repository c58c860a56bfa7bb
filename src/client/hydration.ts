import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a server-rendered page (and on the server), true from then on and in every
 * client-only render. Controls that need JavaScript stay disabled until it runs: a click or a typed
 * letter before hydration would otherwise be lost, and without JavaScript they could never work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
