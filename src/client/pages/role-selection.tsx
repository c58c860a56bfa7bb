import { Check, ShoppingBag, Store } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SelfServiceRole } from '../../shared/constants';
import { homePathAfterRoleChoice } from '../../shared/roles';
import { Page } from '../components/ui/page';
import { useToast } from '../components/ui/toast';
import account from '../i18n/catalogues/en/account';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { useReads } from '../reads';
import { trpc } from '../trpc';
import * as styles from './role-selection.css';

type AccountKey = keyof typeof account;

const CHOICES: Array<{ role: SelfServiceRole; name: AccountKey; tagline: AccountKey; welcome: AccountKey; icon: typeof Store; perks: AccountKey[] }> = [
  {
    role: 'shopkeeper',
    name: 'account.roles.shopkeeper',
    tagline: 'account.choose.shopkeeperTagline',
    welcome: 'account.choose.welcomeShopkeeper',
    icon: Store,
    perks: [
      'account.choose.shopkeeperPerk1',
      'account.choose.shopkeeperPerk2',
      'account.choose.shopkeeperPerk3',
      'account.choose.shopkeeperPerk4',
      'account.choose.shopkeeperPerk5',
    ],
  },
  {
    role: 'buyer',
    name: 'account.roles.buyer',
    tagline: 'account.choose.buyerTagline',
    welcome: 'account.choose.welcomeBuyer',
    icon: ShoppingBag,
    perks: ['account.choose.buyerPerk1', 'account.choose.buyerPerk2', 'account.choose.buyerPerk3', 'account.choose.buyerPerk4', 'account.choose.buyerPerk5'],
  },
];

export default function RoleSelectionPage() {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const reads = useReads();
  const choose = trpc.users.chooseRole.useMutation();
  const [pending, setPending] = useState<SelfServiceRole | null>(null);

  async function pick(role: SelfServiceRole, welcome: AccountKey) {
    setPending(role);
    try {
      await choose.mutateAsync({ role });
      await reads.invalidate('auth.me');
      toast.success(t(welcome));
      navigate(homePathAfterRoleChoice(role));
    } catch (error) {
      toast.error(errorMessage(error, t('account.choose.failed'), language));
    } finally {
      setPending(null);
    }
  }

  return (
    <Page title={t('account.choose.title')} subtitle={t('account.choose.subtitle')}>
      <div className={styles.grid}>
        {CHOICES.map(({ role, name, tagline, welcome, icon: Icon, perks }) => (
          <article key={role} className={styles.choice} aria-labelledby={`role-${role}`}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={26} />
            </span>
            <h2 className={styles.name} id={`role-${role}`}>
              {t(name)}
            </h2>
            <p className={styles.tagline}>{t(tagline)}</p>
            <ul className={styles.perks}>
              {perks.map((perk) => (
                <li key={perk} className={styles.perk}>
                  <Check size={16} className={styles.check} aria-hidden="true" />
                  {t(perk)}
                </li>
              ))}
            </ul>
            <button type="button" className={styles.cta} onClick={() => pick(role, welcome)} disabled={pending !== null}>
              {pending === role ? t('account.choose.busy') : t('account.choose.continueAs', { role: t(name) })}
            </button>
          </article>
        ))}
      </div>
    </Page>
  );
}
