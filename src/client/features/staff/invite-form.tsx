import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../shared/i18n/intl';
import { localizeMessage } from '../../../shared/i18n/translator';
import { inviteStaffSchema } from '../../../shared/schemas/staff';
import { STAFF_ROLES, type StaffRole } from '../../../shared/staff';
import { waShareLink } from '../../../shared/whatsapp';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../error-message';
import staff from '../../i18n/catalogues/en/staff';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import * as styles from './staff.css';

export const ROLE_LABELS = { orders: 'staff.role.orders', orders_products: 'staff.role.orders_products' } as const satisfies Record<StaffRole, string>;

interface Invitation {
  url: string;
  email: string;
  expiresAt: string;
  emailed: boolean;
}

/**
 * /shop/staff "Add staff" (issue 51): an email and a role make an invitation link, shown once (only
 * its hash is kept) with "Copy link" and "Share on WhatsApp"; emailed too when mail is set up.
 */
export function InviteForm({ shopName }: { shopName: string }) {
  const t = useT(staff);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const invite = trpc.staff.invite.useMutation();
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<Invitation | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = inviteStaffSchema.safeParse(values);
    if (!parsed.success) {
      setError(localizeMessage(language, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(undefined);
    try {
      setMade(await invite.mutateAsync(parsed.data));
      form.reset();
      await utils.staff.list.invalidate();
    } catch (failure) {
      setError(errorMessage(failure, undefined, language));
    }
  }

  async function onCopy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast.success(t('staff.copied'));
    } catch {
      toast.error(t('staff.copyFailed'));
    }
  }

  return (
    <Card as="section" aria-labelledby="staff-add">
      <CardHeader id="staff-add" title={t('staff.add')} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('staff.add')}>
        <TextField label={t('staff.email')} name="email" type="email" inputMode="email" autoComplete="off" dir="ltr" placeholder="name@example.com" required error={error} />
        <SelectField label={t('staff.roleLabel')} name="role" defaultValue="orders" required>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABELS[role])}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={invite.isPending}>
          <UserPlus size={16} aria-hidden="true" />
          {invite.isPending ? t('staff.adding') : t('staff.add')}
        </Button>
        <p className={styles.hint}>{t('staff.roleHint')}</p>
      </form>
      {made && (
        <div className={styles.link} role="status">
          <TextField label={t('staff.linkTitle', { email: made.email })} value={made.url} readOnly dir="ltr" onFocus={(event) => event.currentTarget.select()} />
          <p className={styles.muted}>
            {t('staff.linkNote')} {formatDate(made.expiresAt, language, 'dateTime')}
          </p>
          {made.emailed && <p className={styles.muted}>{t('staff.emailed', { email: made.email })}</p>}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void onCopy()}>
              {t('staff.copy')}
            </Button>
            {/* The link on a line of its own: never inside a translated sentence. */}
            <ButtonLink href={waShareLink(`${t('staff.shareText', { shop: shopName })}\n${made.url}`)} external variant="outline">
              {t('staff.share')}
            </ButtonLink>
          </div>
        </div>
      )}
    </Card>
  );
}
