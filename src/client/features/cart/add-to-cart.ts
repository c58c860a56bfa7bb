import { useLocation } from 'wouter';
import { useToast } from '../../components/ui/toast';
import type { CartItem } from '../../../shared/cart';
import { cartStore } from './cart-store';

/** What the cart needs to know about a product to add a line (the price is only what was shown). */
export interface CartProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  currency: string;
  imageUrl: string | null;
  shopId: number;
}

export function addProductToCart(product: CartProduct, choice: { color: string | null; size: string | null; quantity: number }): void {
  const item: CartItem = {
    product_id: product.id,
    color: choice.color,
    size: choice.size,
    quantity: choice.quantity,
    price: product.price,
    currency: product.currency,
    product_name: product.name,
    image_url: product.imageUrl,
    shop_id: product.shopId,
    slug: product.slug,
  };
  cartStore.add(item);
}

/**
 * Add to cart from a grid card: a product with colors or sizes opens its page to choose
 * (product-decisions section 3); otherwise one unit is added with the 'Added to cart' toast.
 */
export function useAddFromCard() {
  const [, navigate] = useLocation();
  const toast = useToast();
  return (product: CartProduct & { hasOptions: boolean; stock: number }) => {
    if (product.hasOptions) {
      navigate(`/product/${product.slug}`);
      return;
    }
    try {
      addProductToCart(product, { color: null, size: null, quantity: 1 });
      toast.success('Added to cart');
    } catch {
      toast.error('Failed to add to cart');
    }
  };
}
