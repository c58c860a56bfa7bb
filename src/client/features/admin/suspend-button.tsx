import { Ban } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SUSPENSION_REASON_MAX } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

/**
 * /admin/users' "Suspend" (a dialog asking the reason) and "Unsuspend" (issue 49): the account's
 * sessions end at once, its shop and reviews are hidden until it is unsuspended.
 */
export function SuspendButton({ userId, name, suspended, describedBy }: { userId: number; name: string; suspended: boolean; describedBy: string }) {
  const t = useT(admin);
  const toast = useToast();
  const utils = trpc.useUtils();
  const suspend = trpc.admin.suspend.useMutation();
  const unsuspend = trpc.admin.unsuspend.useMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();

  async function run(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      toast.success(done);
      setOpen(false);
      setReason('');
      await utils.admin.users.invalidate();
    } catch (failure) {
      setError(errorMessage(failure));
      if (!open) toast.error(errorMessage(failure));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('admin.users.suspendReasonRequired'));
      return;
    }
    void run(() => suspend.mutateAsync({ userId, reason: reason.trim() }), t('admin.users.suspended'));
  }

  if (suspended) {
    return (
      <Button size="sm" variant="outline" loading={unsuspend.isPending} onClick={() => void run(() => unsuspend.mutateAsync({ userId }), t('admin.users.unsuspended'))} aria-describedby={describedBy}>
        {t('admin.users.unsuspend')}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)} aria-describedby={describedBy}>
        <Ban size={14} aria-hidden="true" />
        {t('admin.users.suspend')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('admin.users.suspendTitle', { name })}
        actions={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('admin.users.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="danger" loading={suspend.isPending}>
              {t('admin.users.suspend')}
            </Button>
          </>
        }
      >
        <p>{t('admin.users.suspendBody')}</p>
        <form id={formId} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('admin.users.suspendReason')}
            value={reason}
            required
            error={error}
            maxLength={SUSPENSION_REASON_MAX}
            dir="auto"
            autoComplete="off"
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
        </form>
      </Dialog>
    </>
  );
}
