import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import transfer from '../../i18n/catalogues/en/transfer';
import { useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import * as styles from './transfer.css';

/**
 * The shop's latest import, read from the server (it runs there, whether or not this tab stays open):
 * a progress bar of products and images while it runs, polled each second, then its result until put away.
 */
export function ImportStatus({ startedId, onFinished }: { startedId: number | null; onFinished: () => void }) {
  const t = useT(transfer);
  const utils = trpc.useUtils();
  const latest = trpc.products.latestImport.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  const dismiss = trpc.products.dismissImport.useMutation({ onSuccess: () => utils.products.latestImport.invalidate() });
  const run = latest.data;
  // An import that ended (seen running here, or started from this page and already over at the first
  // look) changed the product list: the page reads it again, once per import.
  const wasRunning = useRef(false);
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!run) return;
    if (run.status === 'running') {
      wasRunning.current = true;
      return;
    }
    if ((wasRunning.current || run.id === startedId) && handled.current !== run.id) {
      wasRunning.current = false;
      handled.current = run.id;
      onFinished();
    }
  }, [run, startedId, onFinished]);
  if (!run) return null;
  const done = run.rowsDone + run.imagesDone;
  const total = run.rowsTotal + run.imagesTotal;
  return (
    <Card className={styles.progressCard} aria-label={t('transfer.progress')}>
      {run.status === 'running' ? (
        <>
          <p className={styles.summary}>{t('transfer.running', { file: run.fileName })}</p>
          <progress className={styles.meter} max={Math.max(1, total)} value={done} aria-label={t('transfer.progress')} />
          <p className={styles.note}>
            {t('transfer.rows', { done: run.rowsDone, total: run.rowsTotal })}
            {run.imagesTotal > 0 && <> · {t('transfer.images', { done: run.imagesDone, total: run.imagesTotal })}</>}
          </p>
        </>
      ) : (
        <div className={styles.statusLine} role="status">
          <p className={run.status === 'done' ? styles.summary : undefined}>
            {run.status === 'done'
              ? t('transfer.done', { file: run.fileName, created: run.created, updated: run.updated, unchanged: run.unchanged })
              : t('transfer.doneFailed', { file: run.fileName, message: run.message ?? '' })}
          </p>
          <Button variant="outline" size="sm" onClick={() => dismiss.mutate({ id: run.id })} loading={dismiss.isPending}>
            {t('transfer.dismiss')}
          </Button>
        </div>
      )}
    </Card>
  );
}
