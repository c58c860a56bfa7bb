import { useLocation } from 'wouter';
import { useToast } from '../../components/ui/toast';
import { type CartCardProduct, CartFullError, type CartProduct, cartItemOf } from '../../../shared/cart';
import type { Language } from '../../../shared/i18n/language';
import { localizeMessage, translate } from '../../../shared/i18n/translator';
import common from '../../i18n/catalogues/en/common';
import { useLanguage, useT } from '../../i18n/language';
import { cartStore } from './cart-store';

export function addProductToCart(product: CartProduct, choice: { color: string | null; size: string | null; quantity: number }): void {
  cartStore.add(cartItemOf(product, choice));
}

/** What to tell the buyer when adding failed: a full cart says so, anything else is the spec's toast. */
export function addToCartFailure(error: unknown, language: Language = 'en'): string {
  return error instanceof CartFullError ? localizeMessage(language, error.message) : translate(language, common, 'common.cart.addFailed');
}

/**
 * Add to cart from a grid card: a product with colors or sizes opens its page to choose
 * (product-decisions section 3); otherwise one unit is added with the 'Added to cart' toast.
 */
export function useAddFromCard() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const t = useT(common);
  const language = useLanguage();
  return (product: CartCardProduct) => {
    if (product.hasOptions) {
      navigate(`/product/${product.slug}`);
      return;
    }
    try {
      addProductToCart(product, { color: null, size: null, quantity: 1 });
      toast.success(t('common.cart.added'));
    } catch (error) {
      toast.error(addToCartFailure(error, language));
    }
  };
}
