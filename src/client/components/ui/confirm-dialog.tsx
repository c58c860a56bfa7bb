import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import type { ConfirmOptions } from './confirm-dialog-view';

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/**
 * An accessible replacement for window.confirm: `await confirm({ message })` resolves true when the
 * person confirms. Used for the spec's delete confirmations.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const [shown, setShown] = useState(false);
  if (options && !shown) setShown(true);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* The dialog's code arrives the first time someone is asked: most visits never are. */}
      {shown && (
        <Suspense fallback={null}>
          <ConfirmDialogView options={options} onSettle={settle} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
