import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import cart from '../../i18n/catalogues/en/cart';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './cart.css';
import { couponStore, useCartCoupons } from './coupon-store';

/**
 * A shop group's coupon (issue 32): "Have a coupon?" opens a "Coupon code" field with "Apply"; the
 * server answers the code's terms (or why not, shown under the field), and the cart keeps them for
 * that shop only. Applied, "Remove" takes it off. Checkout sends the code and the server checks it again.
 */
export function CouponField({ shopId }: { shopId: number }) {
  const t = useT(cart);
  const language = useLanguage();
  const applied = useCartCoupons().find((c) => c.shopId === shopId);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = trpc.coupons.check.useMutation();

  if (applied) {
    return (
      <div className={styles.couponApplied}>
        <Button variant="ghost" size="sm" onClick={() => couponStore.remove(shopId)}>
          {t('cart.coupon.removeNamed', { code: applied.code })}
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <div className={styles.coupon}>
        <Button variant="ghost" size="sm" aria-expanded={false} onClick={() => setOpen(true)}>
          {t('cart.coupon.have')}
        </Button>
      </div>
    );
  }

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (check.isPending) return;
    setError(null);
    try {
      const terms = await check.mutateAsync({ shopId, code });
      couponStore.set(terms);
      setCode('');
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure, undefined, language));
    }
  }

  return (
    <form className={styles.couponForm} onSubmit={(event) => void apply(event)} noValidate aria-label={t('cart.coupon.have')}>
      <div className={styles.couponField}>
        <TextField
          label={t('cart.coupon.code')}
          name={`coupon-${shopId}`}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" loading={check.isPending} disabled={code.trim() === ''}>
        {check.isPending ? t('cart.coupon.applying') : t('cart.coupon.apply')}
      </Button>
    </form>
  );
}
