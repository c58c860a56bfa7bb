import { Check, ShoppingBag, Store } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SelfServiceRole } from '../../shared/constants';
import { homePathAfterRoleChoice } from '../../shared/roles';
import { Page } from '../components/ui/page';
import { useToast } from '../components/ui/toast';
import { errorMessage, trpc } from '../trpc';
import * as styles from './role-selection.css';

const CHOICES: Array<{ role: SelfServiceRole; name: string; tagline: string; icon: typeof Store; perks: string[] }> = [
  {
    role: 'shopkeeper',
    name: 'Shopkeeper',
    tagline: 'Sell your products online',
    icon: Store,
    perks: ['Create one shop', 'Unlimited products', 'Manage orders', 'Real-time notifications', 'Analytics dashboard'],
  },
  {
    role: 'buyer',
    name: 'Buyer',
    tagline: 'Shop from local stores',
    icon: ShoppingBag,
    perks: ['Browse all shops', 'Add to cart', 'Cash on delivery', 'Track orders', 'Save addresses'],
  },
];

export default function RoleSelectionPage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const choose = trpc.users.chooseRole.useMutation();
  const [pending, setPending] = useState<SelfServiceRole | null>(null);

  async function pick(role: SelfServiceRole) {
    setPending(role);
    try {
      await choose.mutateAsync({ role });
      await utils.auth.me.invalidate();
      toast.success(`Welcome! You're now a ${role}.`);
      navigate(homePathAfterRoleChoice(role));
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to set role'));
    } finally {
      setPending(null);
    }
  }

  return (
    <Page title="How will you use the marketplace?" subtitle="Pick a role to get started. You can change it later in Settings.">
      <div className={styles.grid}>
        {CHOICES.map(({ role, name, tagline, icon: Icon, perks }) => (
          <article key={role} className={styles.choice} aria-labelledby={`role-${role}`}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={26} />
            </span>
            <h2 className={styles.name} id={`role-${role}`}>
              {name}
            </h2>
            <p className={styles.tagline}>{tagline}</p>
            <ul className={styles.perks}>
              {perks.map((perk) => (
                <li key={perk} className={styles.perk}>
                  <Check size={16} className={styles.check} aria-hidden="true" />
                  {perk}
                </li>
              ))}
            </ul>
            <button type="button" className={styles.cta} onClick={() => pick(role)} disabled={pending !== null}>
              {pending === role ? 'Setting up...' : `Continue as ${name}`}
            </button>
          </article>
        ))}
      </div>
    </Page>
  );
}
