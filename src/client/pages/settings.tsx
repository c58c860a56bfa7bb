import { type FormEvent, type ReactNode, useState } from 'react';
import type { SelfServiceRole } from '../../shared/constants';
import { localizeMessage } from '../../shared/i18n/translator';
import { updateProfileSchema } from '../../shared/schemas/auth';
import { Badge } from '../components/ui/badge';
import { Heart, Store } from 'lucide-react';
import { Button, ButtonLink } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { Switch, TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { useToast } from '../components/ui/toast';
import { ChangePasswordForm, SignOutEverywhere } from '../features/auth/account-security';
import { type SessionUser, useSession } from '../session';
import account from '../i18n/catalogues/en/account';
import savedTexts from '../i18n/catalogues/en/saved';
import followsTexts from '../i18n/catalogues/en/follows';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { useReads } from '../reads';
import { trpc } from '../trpc';

function ProfileForm({ user }: { user: SessionUser }) {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const reads = useReads();
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
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      await reads.invalidate('auth.me');
      toast.success(t('account.profile.saved'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label={t('account.profile.form')}>
      <Card as="section" aria-labelledby="account-heading">
        <CardHeader id="account-heading" title={t('account.profile.title')} description={t('account.profile.description')} />
        <div className={layout.formGrid}>
          <TextField label={t('account.profile.email')} name="email" type="email" value={user.email} readOnly disabled dir="ltr" hint={t('account.profile.emailHint')} />
          <TextField label={t('account.profile.fullName')} name="fullName" defaultValue={user.fullName} autoComplete="name" dir="auto" required />
          <TextField label={t('account.profile.phone')} name="phone" type="tel" defaultValue={user.phone} autoComplete="tel" dir="ltr" required />
        </div>
      </Card>
      <Card as="section" aria-labelledby="address-heading">
        <CardHeader id="address-heading" title={t('account.address.title')} description={t('account.address.description')} />
        <div className={layout.formGrid}>
          <div className={layout.fullRow}>
            <TextField label={t('account.address.address')} name="address" defaultValue={user.shippingAddress.address} autoComplete="street-address" dir="auto" />
          </div>
          <TextField label={t('account.address.city')} name="city" defaultValue={user.shippingAddress.city} autoComplete="address-level2" dir="auto" />
          <TextField label={t('account.address.postalCode')} name="postalCode" defaultValue={user.shippingAddress.postalCode} autoComplete="postal-code" dir="ltr" />
        </div>
      </Card>
      <div className={layout.row}>
        <Button type="submit" loading={update.isPending}>
          {t('account.profile.save')}
        </Button>
      </div>
    </form>
  );
}

type AccountKey = keyof typeof account;

const ROLE_TEXTS: Record<SelfServiceRole, { name: AccountKey; description: AccountKey }> = {
  shopkeeper: { name: 'account.roles.shopkeeper', description: 'account.roles.shopkeeperDescription' },
  buyer: { name: 'account.roles.buyer', description: 'account.roles.buyerDescription' },
};

function RoleToggles({ user }: { user: SessionUser }) {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const reads = useReads();
  const toggle = trpc.users.toggleRole.useMutation();
  const [pending, setPending] = useState<SelfServiceRole | null>(null);

  async function onToggle(role: SelfServiceRole, enabled: boolean) {
    setPending(role);
    try {
      await toggle.mutateAsync({ role, enabled });
      await reads.invalidate('auth.me');
      toast.success(t(enabled ? 'account.roles.added' : 'account.roles.removed', { role: t(ROLE_TEXTS[role].name) }));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    } finally {
      setPending(null);
    }
  }

  return (
    <Card as="section" aria-labelledby="roles-heading">
      <CardHeader id="roles-heading" title={t('account.roles.title')} description={t('account.roles.description')} />
      {(['shopkeeper', 'buyer'] as const).map((role) => (
        <Switch
          key={role}
          label={t(ROLE_TEXTS[role].name)}
          description={t(ROLE_TEXTS[role].description)}
          checked={user.roles.includes(role)}
          disabled={pending !== null}
          onChange={(event) => onToggle(role, event.currentTarget.checked)}
        />
      ))}
      {user.roles.includes('admin') && (
        <p>
          <Badge tone="secondary">{t('account.roles.admin')}</Badge>
        </p>
      )}
    </Card>
  );
}

/** "Order updates by email" (issue 31): shown only where the marketplace sends email at all. */
function EmailSettings({ user }: { user: SessionUser }) {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const reads = useReads();
  const options = trpc.auth.resetOptions.useQuery();
  const save = trpc.users.setOrderEmails.useMutation();
  const saveCart = trpc.users.setCartReminders.useMutation();
  if (!options.data?.email) return null;

  async function onToggle(enabled: boolean, which: 'orders' | 'cart' = 'orders') {
    try {
      await (which === 'cart' ? saveCart : save).mutateAsync({ enabled });
      await reads.invalidate('auth.me');
      if (which === 'cart') toast.success(t(enabled ? 'account.emails.cartRemindersOn' : 'account.emails.cartRemindersOff'));
      else toast.success(t(enabled ? 'account.emails.on' : 'account.emails.off'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <Card as="section" aria-labelledby="emails-heading">
      <CardHeader id="emails-heading" title={t('account.emails.title')} description={t('account.emails.description')} />
      <Switch
        label={t('account.emails.orderUpdates')}
        description={t('account.emails.orderUpdatesDescription')}
        checked={user.orderEmails}
        disabled={save.isPending}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      <Switch
        label={t('account.emails.cartReminders')}
        description={t('account.emails.cartRemindersDescription')}
        checked={user.cartReminders}
        disabled={saveCart.isPending}
        onChange={(event) => onToggle(event.currentTarget.checked, 'cart')}
      />
    </Card>
  );
}

/**
 * A way from the profile to a buyer's list (issue 50: /saved, /following): the phone's bottom bar keeps
 * the spec's five.
 */
function ListLink({ id, href, icon, title, hint }: { id: string; href: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Card as="section" aria-labelledby={id}>
      <CardHeader id={id} title={title} description={hint} />
      <div className={layout.row}>
        <ButtonLink href={href} variant="outline">
          {icon}
          {title}
        </ButtonLink>
      </div>
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useSession();
  const t = useT(account);
  const saved = useT(savedTexts);
  const follows = useT(followsTexts);
  if (!user) return null;
  return (
    <Page title={t('account.page.title')} subtitle={t('account.page.subtitle')} narrow>
      <ProfileForm user={user} />
      <ListLink id="saved-heading" href="/saved" icon={<Heart size={16} aria-hidden="true" />} title={saved('saved.settingsLink')} hint={saved('saved.settingsHint')} />
      <ListLink id="following-heading" href="/following" icon={<Store size={16} aria-hidden="true" />} title={follows('follows.settingsLink')} hint={follows('follows.settingsHint')} />
      <RoleToggles user={user} />
      <EmailSettings user={user} />
      <ChangePasswordForm />
      <SignOutEverywhere />
    </Page>
  );
}
