import { Minus, PackageSearch, Plus, ShoppingCart, Store } from '../components/ui/public-icons';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { MAX_LINE_QUANTITY } from '../../shared/cart';
import { discountPercent } from '../../shared/pricing';
import { colorName } from '../../shared/colors';
import { findVariant, isLowStock, soldOutValues } from '../../shared/variants';
import { productPageTitle } from '../../shared/page-titles';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardHeader } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';
import * as pageStyles from '../components/ui/page.css';
import { Price } from '../components/ui/price';
import { ResponsiveImg } from '../components/ui/responsive-img';
import { PageSkeleton } from '../components/ui/skeleton';
import { Stars } from '../components/ui/stars';
import { useToast } from '../components/ui/toast';
import productTexts from '../i18n/catalogues/en/product';
import { useLanguage, useT } from '../i18n/language';
import { useSiteName } from '../site';
import { ShopPolicies } from '../components/ui/shop-policies';
import { useSession } from '../session';
import { addProductToCart, addToCartFailure } from '../features/cart/add-to-cart';
import { Gallery } from '../features/product/gallery';
import { ColorPicker, SizePicker } from '../features/product/option-pickers';
import * as styles from '../features/product/product.css';
import { ShareButton } from '../features/product/share-button';
import { ReportButton } from '../features/reports/report-button';
import { HeartSymbol, SaveButton } from '../features/saved/save-button';
import { NotTakingOrders } from '../features/catalog/not-taking-orders';
import { NotifyWhenBack } from '../features/back-in-stock/notify-form';
import { TargetReviews } from '../features/reviews/target-reviews';
import { errorMessage } from '../error-message';
import { useRead } from '../reads';

const UNIT_LABELS: Record<string, keyof typeof productTexts> = {
  pieces: 'product.unit.pieces',
  kg: 'product.unit.kg',
  liters: 'product.unit.liters',
  meters: 'product.unit.meters',
};

/** /product/{slug}: gallery, share, price, options, description, stock, custom fields, cart, reviews. */
export default function ProductPage({ params }: { params: Record<string, string | undefined> }) {
  const slug = params.slug ?? '';
  const t = useT(productTexts);
  const language = useLanguage();
  const siteName = useSiteName();
  const [, navigate] = useLocation();
  const toast = useToast();
  const { user } = useSession();
  const query = useRead('catalog.product', { slug }, { enabled: slug.length > 0 });
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);

  useEffect(() => {
    if (!query.error) return;
    const code = query.error.data?.code;
    toast.error(code === 'NOT_FOUND' || code === 'BAD_REQUEST' ? t('product.notFound') : errorMessage(query.error));
    navigate('/browse', { replace: true });
  }, [query.error, navigate, toast, t]);

  useEffect(() => {
    setColor(null);
    setSize(null);
    setQuantity(1);
  }, [slug]);

  const product = query.data;
  useEffect(() => {
    if (!product) return;
    const previous = document.title;
    document.title = productPageTitle(product.name, product.shop.name, language, siteName);
    return () => {
      document.title = previous;
    };
  }, [product, language, siteName]);

  if (!product) {
    // An unknown product: the server answers 404 with this state (the effect above then goes back to /browse).
    if (query.error) {
      const code = query.error.data?.code;
      const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
      return (
        <Page title={<span className="visually-hidden">{t('product.heading')}</span>}>
          <EmptyState icon={<PackageSearch size={28} />} title={notFound ? t('product.notFound') : t('product.loadFailed')}>
            {notFound ? <Link href="/browse">{t('product.browse')}</Link> : <p>{errorMessage(query.error)}</p>}
          </EmptyState>
        </Page>
      );
    }
    return (
      <Page title={<span className="visually-hidden">{t('product.heading')}</span>}>
        <PageSkeleton label={t('product.loading')} />
      </Page>
    );
  }

  // Stock per variant: the stock, Low Stock and price follow the chosen combination once it is complete.
  const perVariant = product.stockMode === 'per_variant';
  const complete = (product.colors.length === 0 || color !== null) && (product.sizes.length === 0 || size !== null);
  const variant = perVariant && complete ? findVariant(product.variants, { color, size }) : undefined;
  const stock = perVariant && complete ? (variant?.stock ?? 0) : product.stock;
  // Before a combination is chosen, variants at different prices show the lowest, as "From".
  const variantPrices = perVariant ? product.variants.map((v) => v.sellingPrice) : [];
  const from = !variant && new Set(variantPrices).size > 1;
  const sellingPrice = variant?.sellingPrice ?? (from ? Math.min(...variantPrices) : product.sellingPrice);
  const soldOutColors = perVariant ? soldOutValues(product.variants, 'color', size) : undefined;
  const soldOutSizes = perVariant ? soldOutValues(product.variants, 'size', color) : undefined;
  const percent = discountPercent(sellingPrice, product.discount);
  const outOfStock = stock <= 0;
  const notifiable = product.notifyWhenBack && product.visibleToBuyers;
  const unitKey = UNIT_LABELS[product.unit];
  const unit = unitKey ? t(unitKey) : product.unit;
  // "Red / M" as variantLabel names it, the color in the page's language.
  const variantName = variant && [variant.color === null ? null : colorName(variant.color, language), variant.size].filter((part) => part !== null).join(' / ');
  const maxQuantity = Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));
  // A combination with less stock than the quantity chosen for another one lowers it.
  const units = Math.min(quantity, maxQuantity);

  function addToCart() {
    if (!product) return;
    if (product.colors.length > 0 && !color) {
      toast.error(t('product.selectColor'));
      return;
    }
    if (product.sizes.length > 0 && !size) {
      toast.error(t('product.selectSize'));
      return;
    }
    try {
      addProductToCart(
        {
          id: product.id,
          slug: product.slug,
          name: product.name,
          price: variant?.price ?? product.price,
          currency: product.currency,
          imageUrl: product.images[0]?.thumbUrl ?? null,
          shopId: product.shop.id,
        },
        { color, size, quantity: units },
      );
      toast.success(t('product.added'));
    } catch (error) {
      toast.error(addToCartFailure(error));
    }
  }

  return (
    <div className={pageStyles.page}>
      <div className={styles.layout}>
        <Gallery images={product.images} name={product.name} />
        <div className={styles.info}>
          <div className={styles.titleRow}>
            <div>
              <h1 className={pageStyles.title} dir="auto">
                {product.name}
              </h1>
              <div className={styles.meta}>
                {product.brand && <span dir="auto">{product.brand}</span>}
                {product.categoryName && (
                  <Badge tone="secondary" dir="auto">
                    {product.categoryName}
                  </Badge>
                )}
                <Stars value={product.rating} count={product.reviewCount} size={14} />
              </div>
            </div>
            <div className={styles.titleActions}>
              {product.visibleToBuyers && (
                <>
                  <HeartSymbol />
                  <SaveButton product={{ id: product.id, name: product.name, price: product.price, currency: product.currency }} placement="page" />
                </>
              )}
              <ShareButton title={product.name} />
              {product.visibleToBuyers && <ReportButton thing={{ type: 'product', id: product.id }} />}
            </div>
          </div>

          {!product.visibleToBuyers && (
            <p className={styles.meta} role="note">
              {product.hiddenByAdmin ? <Badge tone="danger">{t('product.hiddenByAdmin')}</Badge> : <Badge tone="warning">{t('product.inactive')}</Badge>}
              {t('product.hiddenNote')}
            </p>
          )}

          <Link href={`/shop/${product.shop.slug}`} className={styles.shopLink}>
            {product.shop.avatar ? <ResponsiveImg className={styles.shopLogo} image={product.shop.avatar} placement="badge" crop alt="" /> : <Store size={20} aria-hidden="true" />}
            <span dir="auto">{product.shop.name}</span>
          </Link>

          <div className={styles.priceRow}>
            {from && <span className={styles.fromLabel}>{t('product.from')}</span>}
            <Price amount={sellingPrice} currency={product.currency} discount={product.discount} size="lg" />
            {percent > 0 && (
              <Badge tone="accent" dir="ltr">
                -{percent}%
              </Badge>
            )}
          </div>

          <div className={styles.meta} role="status">
            {outOfStock ? (
              <Badge tone="danger">{t('product.outOfStock')}</Badge>
            ) : (
              <>
                <span>
                  {variantName ? t('product.inStockVariant', { count: stock, unit, variant: variantName }) : t('product.inStock', { count: stock, unit })}
                </span>
                {isLowStock(stock) && <Badge tone="warning">{t('product.lowStock')}</Badge>}
              </>
            )}
          </div>

          {/* With mail set up a sold-out colour or size can be chosen, to ask to be told when it is back (issue 50). */}
          {product.colors.length > 0 && <ColorPicker colors={product.colors} value={color} onChange={setColor} soldOut={soldOutColors} soldOutChoosable={notifiable} />}
          {product.sizes.length > 0 && <SizePicker sizes={product.sizes} value={size} onChange={setSize} soldOut={soldOutSizes} soldOutChoosable={notifiable} />}

          {product.takingOrders ? (
            <>
              {!outOfStock && (
                <div className={styles.optionGroup}>
                  <span className={styles.legend} id="qty-label">
                    {t('product.quantity')}
                  </span>
                  <div className={styles.qtyRow} role="group" aria-labelledby="qty-label">
                    <Button variant="outline" size="icon" aria-label={t('product.decrease')} disabled={units <= 1} onClick={() => setQuantity(Math.max(1, units - 1))}>
                      <Minus size={16} aria-hidden="true" />
                    </Button>
                    <output className={styles.qtyValue} aria-live="polite">
                      {units}
                    </output>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={t('product.increase')}
                      disabled={units >= maxQuantity}
                      onClick={() => setQuantity(Math.min(maxQuantity, units + 1))}
                    >
                      <Plus size={16} aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              )}

              <Button size="lg" block disabled={outOfStock || !product.visibleToBuyers} onClick={addToCart}>
                <ShoppingCart size={18} aria-hidden="true" />
                {outOfStock ? t('product.outOfStock') : t('product.addToCart')}
              </Button>
            </>
          ) : (
            <NotTakingOrders />
          )}

          {/* Sold out (the product, or the chosen colour x size), and the marketplace can email (issue 50). */}
          {outOfStock && notifiable && product.takingOrders && (
            <NotifyWhenBack
              key={`${product.id}|${complete ? color : ''}|${complete ? size : ''}`}
              productId={product.id}
              color={complete ? color : null}
              size={complete ? size : null}
              email={user?.email ?? null}
            />
          )}

          {/* The shop's own terms, read before ordering (issue 47): cash on delivery buyers look for them. */}
          <ShopPolicies policies={product.shop.policies} returnsPage={product.returnsPage} />

          {product.descriptionHtml && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="visually-hidden">
                {t('product.description')}
              </h2>
              {/* Sanitized on save and again by the server on this read (product-decisions 2.7). */}
              <div className={styles.description} dir="auto" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
            </section>
          )}

          {(product.customFields.length > 0 || product.manufacturingDate || product.expiryDate) && (
            <Card>
              <CardHeader level={2} title={t('product.details')} />
              <dl className={styles.fields}>
                {product.customFields.map((field) => (
                  <div key={field.name} style={{ display: 'contents' }}>
                    <dt className={styles.fieldName} dir="auto">
                      {field.name}
                    </dt>
                    <dd className={styles.fieldValue} dir="auto">
                      {field.value}
                    </dd>
                  </div>
                ))}
                {product.manufacturingDate && (
                  <>
                    <dt className={styles.fieldName}>{t('product.manufactured')}</dt>
                    <dd className={styles.fieldValue}>
                      <bdi>{product.manufacturingDate}</bdi>
                    </dd>
                  </>
                )}
                {product.expiryDate && (
                  <>
                    <dt className={styles.fieldName}>{t('product.expires')}</dt>
                    <dd className={styles.fieldValue}>
                      <bdi>{product.expiryDate}</bdi>
                    </dd>
                  </>
                )}
              </dl>
            </Card>
          )}
        </div>
      </div>

      <div>
        <h2 id="reviews-heading" style={{ fontSize: '1.375rem', marginBottom: 12 }}>
          {t('product.reviews')}
        </h2>
        <TargetReviews target={{ kind: 'product', productId: product.id }} signedIn={Boolean(user)} headingId="reviews-heading" shopName={product.shop.name} reviewActions={(review) => <ReportButton thing={{ type: 'product_review', id: review.id }} compact />} open={product.visibleToBuyers} />
      </div>
    </div>
  );
}
