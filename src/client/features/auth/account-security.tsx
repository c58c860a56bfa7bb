import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { changePasswordSchema } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../trpc';
import { signOut } from './auth-client';

/** /settings: a new password (the current one required); the server signs out the other devices. */
export function ChangePasswordForm() {
  const toast = useToast();
  const change = trpc.auth.changePassword.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = changePasswordSchema.safeParse({ currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      form.reset();
      toast.success('Password changed. Your other devices have been signed out.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card as="section" aria-labelledby="password-heading">
      <CardHeader id="password-heading" title="Change password" description="Changing it signs you out on your other devices." />
      <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label="Change password">
        <div className={layout.formGrid}>
          <TextField label="Current Password" name="currentPassword" type="password" autoComplete="current-password" required />
          <TextField label="New Password" name="newPassword" type="password" autoComplete="new-password" hint="At least 6 characters." required />
        </div>
        <div className={layout.row}>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /settings: ends every session of the account, on every device, after a confirmation. */
export function SignOutEverywhere() {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const end = trpc.auth.signOutEverywhere.useMutation();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    const ok = await confirm({
      title: 'Sign out of all devices?',
      message: 'You will be signed out here and on every other phone or computer where you are signed in.',
      confirmLabel: 'Sign out everywhere',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await end.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
      return;
    }
    // The sessions have ended on the server; this only clears this browser's cookie.
    await signOut().catch(() => undefined);
    queryClient.clear();
    toast.success('Signed out of all devices');
    navigate('/auth');
  }

  return (
    <Card as="section" aria-labelledby="devices-heading">
      <CardHeader
        id="devices-heading"
        title="Devices"
        description="Lost a phone or signed in on a shared computer? End every session of this account at once."
      />
      <div className={layout.row}>
        <Button type="button" variant="outline" onClick={onClick} loading={busy}>
          Sign out of all devices
        </Button>
      </div>
    </Card>
  );
}
