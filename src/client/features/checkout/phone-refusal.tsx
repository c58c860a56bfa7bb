import { TRPCClientError } from '@trpc/client';
import { MessageCircle } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import cart from '../../i18n/catalogues/en/cart';
import { useT } from '../../i18n/language';
import * as styles from './checkout.css';

/** A shop's refusal of the number typed in Phone (its block list), kept for the number and cart it answered. */
export interface PhoneRefusal {
  message: string;
  shop: string;
  /** The shop's chat link (wa.me with its number in international form), or null without a usable number. */
  whatsappUrl: string | null;
  /** What it was about: it stands until the number or the cart changes. */
  phone: string;
  cart: string;
}

/**
 * The refusal a checkout error holds about the Phone field (the server names the field and the shop
 * that refused: errors.ts AppErrorDetail), or null for any other error.
 */
export function phoneRefusalOf(error: unknown, about: { phone: string; cart: string }): PhoneRefusal | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { fieldErrors?: Record<string, string> | null; refusedBy?: { shop: string; whatsappUrl: string | null } | null } | undefined;
  const message = data?.fieldErrors?.['shipping.phone'];
  if (!message || !data?.refusedBy) return null;
  return { message, ...data.refusedBy, ...about };
}

/** Beside Phone: the shop's message, tied to the field (aria-describedby `id`), and its WhatsApp to order another way. */
export function PhoneRefusalMessage({ id, refusal }: { id: string; refusal: PhoneRefusal }) {
  const t = useT(cart);
  const link = refusal.whatsappUrl;
  return (
    <div id={id} role="alert" className={styles.refusal}>
      <p className={styles.refusalText}>{refusal.message}</p>
      {link && (
        <ButtonLink href={link} external variant="whatsapp" size="sm" className={styles.refusalLink}>
          <MessageCircle size={16} aria-hidden="true" /> {t('cart.checkout.blockedWhatsApp', { shop: refusal.shop })}
        </ButtonLink>
      )}
    </div>
  );
}
