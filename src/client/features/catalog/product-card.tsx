import { ImageOff, ShoppingCart } from '../../components/ui/public-icons';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LOW_STOCK_BELOW } from '../../../shared/constants';
import { type Discount, discountPercent } from '../../../shared/pricing';
import type { ResponsiveImage } from '../../../shared/responsive-image';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { IconSymbol, SpriteIcon } from '../../components/ui/icon-sprite';
import { Price } from '../../components/ui/price';
import { type ImageLoad, ResponsiveImg } from '../../components/ui/responsive-img';
import { Stars } from '../../components/ui/stars';
import catalog from '../../i18n/catalogues/en/catalog';
import { useT } from '../../i18n/language';
import * as styles from './product-card.css';

export interface ProductCardProps {
  product: {
    id: number;
    slug: string;
    name: string;
    brand: string;
    sellingPrice: number;
    currency: string;
    discount: Discount;
    stock: number;
    thumbUrl: string | null;
    image: ResponsiveImage | null;
    shop: { name: string; slug: string; rating: number | null };
  };
  showShop?: boolean;
  /** `high` for the first card of a grid (the page's main image); lazy otherwise. */
  imageLoad?: ImageLoad;
  /** Null when the shop is not taking orders: no Add to cart. */
  onAdd: (() => void) | null;
  /** The heart (saved products), over the image's corner: given by the page, as features do not import each other. */
  save?: ReactNode;
}

const CART_ICON = 'card-cart-icon';

/** The cart icon's drawing, once in a grid of cards (each card's button draws it with `<use>`). */
export function CardIconSymbols() {
  return <IconSymbol id={CART_ICON} icon={ShoppingCart} />;
}

/** A product in a grid (beside `CardIconSymbols`): image, discount and Low Stock badges, name, brand, shop, price, Add to cart. */
export function ProductCard({ product, showShop = true, imageLoad = 'lazy', onAdd, save }: ProductCardProps) {
  const t = useT(catalog);
  const percent = discountPercent(product.sellingPrice, product.discount);
  const lowStock = product.stock > 0 && product.stock < LOW_STOCK_BELOW;
  return (
    <article className={styles.card}>
      <div className={styles.imageWrap}>
        {product.image ? (
          <ResponsiveImg className={styles.image} image={product.image} placement="card" crop load={imageLoad} alt="" fallbackSrc={product.thumbUrl ?? undefined} />
        ) : (
          <div className={styles.placeholder}>
            <ImageOff size={32} aria-hidden="true" />
          </div>
        )}
        <div className={styles.badges}>
          {percent > 0 && (
            <Badge tone="accent" dir="ltr">
              -{percent}%
            </Badge>
          )}
          {lowStock && <Badge tone="warning">{t('catalog.card.lowStock')}</Badge>}
          {product.stock <= 0 && <Badge tone="secondary">{t('catalog.card.outOfStock')}</Badge>}
        </div>
        {save}
      </div>
      <div className={styles.body}>
        <Link href={`/product/${product.slug}`} className={styles.name} dir="auto">
          {product.name}
        </Link>
        {product.brand && (
          <span className={styles.muted} dir="auto">
            {product.brand}
          </span>
        )}
        {showShop && (
          <span className={styles.shopRow}>
            <span dir="auto">{product.shop.name}</span>
            <Stars value={product.shop.rating} size={12} />
          </span>
        )}
        <div className={styles.footer}>
          <Price amount={product.sellingPrice} currency={product.currency} discount={product.discount} />
          {onAdd && (
            <Button
              size="sm"
              variant="outline"
              className={styles.action}
              onClick={onAdd}
              disabled={product.stock <= 0}
            >
              <SpriteIcon id={CART_ICON} size={16} />
              {product.stock <= 0 ? t('catalog.card.outOfStock') : t('catalog.card.addToCart')}
              <span className="visually-hidden">{`: ${product.name}`}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
