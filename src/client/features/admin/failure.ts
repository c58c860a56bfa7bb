import { useEffect } from 'react';
import { errorMessage } from '../../trpc';

/** The spec's failure toast, followed by the server's reason (say, 'Shop not found') when there is one. */
export function failure(specMessage: string, error: unknown): string {
  const reason = errorMessage(error, '');
  return reason && reason !== specMessage ? `${specMessage}: ${reason}` : specMessage;
}

/** Shows a list's load failure once as a toast (spec section 8: 'Failed to load ...'). */
export function useLoadFailureToast(error: unknown, specMessage: string, show: (message: string) => void): void {
  useEffect(() => {
    if (error) show(failure(specMessage, error));
  }, [error, specMessage, show]);
}
