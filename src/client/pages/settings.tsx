import { type FormEvent, useState } from 'react';
import type { SelfServiceRole } from '../../shared/constants';
import { roleLabel } from '../../shared/roles';
import { updateProfileSchema } from '../../shared/schemas/auth';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { Switch, TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { useToast } from '../components/ui/toast';
import { ChangePasswordForm, SignOutEverywhere } from '../features/auth/account-security';
import { type SessionUser, useSession } from '../session';
import { errorMessage, trpc } from '../trpc';

function ProfileForm({ user }: { user: SessionUser }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.users.updateProfile.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = updateProfileSchema.safeParse({
      fullName: form.get('fullName'),
      phone: form.get('phone'),
      shippingAddress: { address: form.get('address'), city: form.get('city'), postalCode: form.get('postalCode') },
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      await utils.auth.me.invalidate();
      toast.success('Profile updated successfully');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label="Account settings">
      <Card as="section" aria-labelledby="account-heading">
        <CardHeader id="account-heading" title="Account" description="Your name and phone are shared with shops you order from." />
        <div className={layout.formGrid}>
          <TextField label="Email" name="email" type="email" value={user.email} readOnly disabled hint="Your sign-in email cannot be changed." />
          <TextField label="Full Name" name="fullName" defaultValue={user.fullName} autoComplete="name" required />
          <TextField label="Phone" name="phone" type="tel" defaultValue={user.phone} autoComplete="tel" required />
        </div>
      </Card>
      <Card as="section" aria-labelledby="address-heading">
        <CardHeader id="address-heading" title="Saved address" description="Used to pre-fill checkout." />
        <div className={layout.formGrid}>
          <div className={layout.fullRow}>
            <TextField label="Address" name="address" defaultValue={user.shippingAddress.address} autoComplete="street-address" />
          </div>
          <TextField label="City" name="city" defaultValue={user.shippingAddress.city} autoComplete="address-level2" />
          <TextField label="Postal Code" name="postalCode" defaultValue={user.shippingAddress.postalCode} autoComplete="postal-code" />
        </div>
      </Card>
      <div className={layout.row}>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

const ROLE_DESCRIPTIONS: Record<SelfServiceRole, string> = {
  shopkeeper: 'Run one shop: products, orders and analytics.',
  buyer: 'Browse shops, order with cash on delivery and track orders.',
};

function RoleToggles({ user }: { user: SessionUser }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const toggle = trpc.users.toggleRole.useMutation();
  const [pending, setPending] = useState<SelfServiceRole | null>(null);

  async function onToggle(role: SelfServiceRole, enabled: boolean) {
    setPending(role);
    try {
      await toggle.mutateAsync({ role, enabled });
      await utils.auth.me.invalidate();
      toast.success(`${roleLabel(role)} role ${enabled ? 'added' : 'removed'}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <Card as="section" aria-labelledby="roles-heading">
      <CardHeader id="roles-heading" title="Roles" description="Turn on the ways you use the marketplace." />
      {(['shopkeeper', 'buyer'] as const).map((role) => (
        <Switch
          key={role}
          label={roleLabel(role)}
          description={ROLE_DESCRIPTIONS[role]}
          checked={user.roles.includes(role)}
          disabled={pending !== null}
          onChange={(event) => onToggle(role, event.currentTarget.checked)}
        />
      ))}
      {user.roles.includes('admin') && (
        <p>
          <Badge tone="secondary">Admin</Badge>
        </p>
      )}
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Page title="Settings" subtitle="Manage your account, saved address, roles and sign-in." narrow>
      <ProfileForm user={user} />
      <RoleToggles user={user} />
      <ChangePasswordForm />
      <SignOutEverywhere />
    </Page>
  );
}
