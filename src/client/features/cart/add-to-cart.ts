import { useLocation } from 'wouter';
import { useToast } from '../../components/ui/toast';
import { type CartCardProduct, CartFullError, type CartProduct, cartItemOf } from '../../../shared/cart';
import { cartStore } from './cart-store';

export function addProductToCart(product: CartProduct, choice: { color: string | null; size: string | null; quantity: number }): void {
  cartStore.add(cartItemOf(product, choice));
}

/** What to tell the buyer when adding failed: a full cart says so, anything else is the spec's toast. */
export function addToCartFailure(error: unknown): string {
  return error instanceof CartFullError ? error.message : 'Failed to add to cart';
}

/**
 * Add to cart from a grid card: a product with colors or sizes opens its page to choose
 * (product-decisions section 3); otherwise one unit is added with the 'Added to cart' toast.
 */
export function useAddFromCard() {
  const [, navigate] = useLocation();
  const toast = useToast();
  return (product: CartCardProduct) => {
    if (product.hasOptions) {
      navigate(`/product/${product.slug}`);
      return;
    }
    try {
      addProductToCart(product, { color: null, size: null, quantity: 1 });
      toast.success('Added to cart');
    } catch (error) {
      toast.error(addToCartFailure(error));
    }
  };
}
