import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { type DiscountType, PRODUCT_UNITS, type ProductUnit, type StockMode } from '../../../shared/constants';
import { intlLocale } from '../../../shared/i18n/numbers';
import { localizeMessage } from '../../../shared/i18n/translator';
import { combinationKey } from '../../../shared/variants';
import { currencyLabel, formatMoney, minorToMajorString, parseMajorToMinor } from '../../../shared/money';
import { discountedPrice } from '../../../shared/pricing';
import { parseDiscountValue, type ProductFormInput, productInputSchema } from '../../../shared/schemas/product';
import type { AppRouter } from '../../../server/trpc/app-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { CategoryField } from './category-field';
import { ColorsField, type CustomFieldRow, CustomFieldsEditor, newCustomRow, SizesField } from './list-fields';
import { type FormImage, ProductImages } from './product-images';
import * as styles from './product-form.css';
import { VariantGrid, type VariantCells, variantsInput, variantTotal } from './variant-grid';

const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export interface ProductFormValues {
  name: string;
  brand: string;
  categoryId: number | null;
  descriptionHtml: string;
  sellingPrice: string;
  purchasePrice: string;
  stockAmount: string;
  stockMode: StockMode;
  /** The grid per combination key (shared/variants combinationKey), kept while colors and sizes change. */
  variants: VariantCells;
  unit: ProductUnit;
  colors: string[];
  sizes: string[];
  images: FormImage[];
  customFields: CustomFieldRow[];
  manufacturingDate: string;
  expiryDate: string;
  discountType: DiscountType | '';
  discountValue: string;
}

const UNIT_LABELS: Record<ProductUnit, keyof typeof shop> = {
  pieces: 'shop.productForm.unit.pieces',
  kg: 'shop.productForm.unit.kg',
  liters: 'shop.productForm.unit.liters',
  meters: 'shop.productForm.unit.meters',
};

export function emptyProduct(): ProductFormValues {
  return {
    name: '',
    brand: '',
    categoryId: null,
    descriptionHtml: '',
    sellingPrice: '',
    purchasePrice: '',
    stockAmount: '',
    stockMode: 'shared',
    variants: {},
    unit: 'pieces',
    colors: [],
    sizes: [],
    images: [],
    customFields: [],
    manufacturingDate: '',
    expiryDate: '',
    discountType: '',
    discountValue: '',
  };
}

/** The edit form's values from the saved product (minor units of its currency back to what a person types). */
export function productToForm(p: inferRouterOutputs<AppRouter>['products']['byId']): ProductFormValues {
  const { currency, discount } = p;
  return {
    name: p.name,
    brand: p.brand,
    categoryId: p.categoryId,
    descriptionHtml: p.descriptionHtml,
    sellingPrice: minorToMajorString(p.sellingPrice, currency),
    purchasePrice: p.purchasePrice === null ? '' : minorToMajorString(p.purchasePrice, currency),
    stockAmount: String(p.stock),
    stockMode: p.stockMode,
    variants: Object.fromEntries(
      p.variants.map((v) => [
        combinationKey(v),
        { stock: String(v.stock), price: v.ownPrice === null ? '' : minorToMajorString(v.ownPrice, currency), sku: v.sku ?? '' },
      ]),
    ),
    unit: p.unit,
    colors: p.colors,
    sizes: p.sizes,
    images: p.images,
    customFields: p.customFields.map((f) => newCustomRow(f.name, f.value)),
    manufacturingDate: p.manufacturingDate ?? '',
    expiryDate: p.expiryDate ?? '',
    discountType: discount.type ?? '',
    discountValue: discount.value === null ? '' : discount.type === 'fixed' ? minorToMajorString(discount.value, currency) : String(discount.value),
  };
}

/** Per variant only while the product has a color or a size to vary by. */
const perVariant = (v: ProductFormValues) => v.stockMode === 'per_variant' && (v.colors.length > 0 || v.sizes.length > 0);

function toInput(v: ProductFormValues): ProductFormInput {
  return {
    name: v.name,
    brand: v.brand,
    categoryId: v.categoryId,
    descriptionHtml: v.descriptionHtml,
    sellingPrice: v.sellingPrice,
    purchasePrice: v.purchasePrice || null,
    stockAmount: v.stockAmount,
    stockMode: perVariant(v) ? 'per_variant' : 'shared',
    variants: perVariant(v) ? variantsInput(v.colors, v.sizes, v.variants) : [],
    unit: v.unit,
    colors: v.colors,
    sizes: v.sizes,
    images: v.images.map((i) => ({ url: i.url, isPrimary: i.isPrimary })),
    customFields: v.customFields.map((f) => ({ name: f.name, value: f.value })),
    manufacturingDate: v.manufacturingDate || null,
    expiryDate: v.expiryDate || null,
    discountType: v.discountType || null,
    discountValue: v.discountType ? v.discountValue : null,
  };
}

/** Every product field of spec section 3, for create and edit; prices are in the shop's currency. */
export function ProductForm({
  currency,
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  currency: string;
  initial: ProductFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (input: ProductFormInput) => Promise<void>;
}) {
  const toast = useToast();
  const t = useT(shop);
  const language = useLanguage();
  const [values, setValues] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const price = parseMajorToMinor(values.sellingPrice, currency);
  const discount = values.discountType ? parseDiscountValue(values.discountType, values.discountValue, currency) : null;
  const finalPrice = price !== null && values.discountType && discount !== null ? discountedPrice(price, { type: values.discountType, value: discount }) : null;
  const zero = minorToMajorString(0, currency);
  const total = perVariant(values) ? variantTotal(values.colors, values.sizes, values.variants) : null;
  // Unchecking the grid starts the single stock from its total (back to shared keeps the sum).
  const setStockMode = (checked: boolean) =>
    setValues((v) => {
      const sum = variantTotal(v.colors, v.sizes, v.variants);
      return { ...v, stockMode: checked ? 'per_variant' : 'shared', ...(!checked && sum !== null && v.stockMode === 'per_variant' ? { stockAmount: String(sum) } : {}) };
    });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) {
      toast.info(t('shop.common.waitForUploads'));
      return;
    }
    const input = toInput(values);
    const parsed = productInputSchema(currency).safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('shop.common.checkForm'));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(input);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className={layout.stack} aria-label={t('shop.productForm.form')}>
      <Card as="section" aria-labelledby="product-basics">
        <CardHeader id="product-basics" title={t('shop.productForm.basics')} />
        <div className={layout.formGrid}>
          <div className={layout.fullRow}>
            <TextField label={t('shop.productForm.name')} required maxLength={200} dir="auto" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} />
          </div>
          <TextField label={t('shop.productForm.brand')} maxLength={80} dir="auto" value={values.brand} onChange={(e) => set('brand', e.currentTarget.value)} />
          <CategoryField value={values.categoryId} onChange={(id) => set('categoryId', id)} />
          <div className={layout.fullRow}>
            <Suspense fallback={<Skeleton height={190} />}>
              <RichTextEditor label={t('shop.productForm.description')} value={values.descriptionHtml} onChange={(html) => set('descriptionHtml', html)} />
            </Suspense>
          </div>
        </div>
      </Card>

      <Card as="section" aria-labelledby="product-images">
        <CardHeader id="product-images" title={t('shop.productForm.images')} />
        <ProductImages value={values.images} onChange={(images) => set('images', images)} onUploadingChange={setUploading} />
      </Card>

      <Card as="section" aria-labelledby="product-pricing">
        <CardHeader
          id="product-pricing"
          title={t('shop.productForm.pricing')}
          description={t('shop.productForm.pricingDescription', { example: minorToMajorString(1299, currency) })}
        />
        <div className={layout.formGrid}>
          <TextField
            label={t('shop.productForm.sellingPrice')}
            required
            inputMode="decimal"
            value={values.sellingPrice}
            onChange={(e) => set('sellingPrice', e.currentTarget.value)}
            placeholder={zero}
          />
          <TextField
            label={t('shop.productForm.purchasePrice')}
            inputMode="decimal"
            value={values.purchasePrice}
            onChange={(e) => set('purchasePrice', e.currentTarget.value)}
            placeholder={zero}
            hint={t('shop.productForm.purchasePriceHint')}
          />
          <TextField
            label={t('shop.productForm.currency')}
            value={currencyLabel(currency, intlLocale(language))}
            readOnly
            className={styles.readOnlyValue}
            hint={t('shop.productForm.currencyHint')}
          />
          <SelectField label={t('shop.productForm.discountType')} value={values.discountType} onChange={(e) => set('discountType', e.currentTarget.value as DiscountType | '')}>
            <option value="">{t('shop.productForm.noDiscount')}</option>
            <option value="percent">{t('shop.productForm.percent')}</option>
            <option value="fixed">{t('shop.productForm.fixed')}</option>
          </SelectField>
          {values.discountType && (
            <TextField
              label={values.discountType === 'percent' ? t('shop.productForm.discountPercent') : t('shop.productForm.discountFixed', { currency })}
              inputMode={values.discountType === 'percent' ? 'numeric' : 'decimal'}
              value={values.discountValue}
              onChange={(e) => set('discountValue', e.currentTarget.value)}
              placeholder={values.discountType === 'percent' ? '10' : zero}
            />
          )}
          {finalPrice !== null && price !== null && (
            <p className={styles.pricePreview} role="status">
              {t('shop.productForm.buyersPay')}
              <strong>
                <bdi>{formatMoney(finalPrice, currency, language)}</bdi>
              </strong>
              {finalPrice < price && (
                <s>
                  <bdi>{formatMoney(price, currency, language)}</bdi>
                </s>
              )}
            </p>
          )}
          {perVariant(values) ? (
            <TextField
              label={t('shop.productForm.stock')}
              readOnly
              className={styles.readOnlyValue}
              value={total === null ? '…' : String(total)}
              hint={t('shop.productForm.stockTotalHint')}
            />
          ) : (
            <TextField
              label={t('shop.productForm.stock')}
              required
              inputMode="numeric"
              value={values.stockAmount}
              onChange={(e) => set('stockAmount', e.currentTarget.value)}
              placeholder="0"
            />
          )}
          <SelectField label={t('shop.productForm.unit')} required value={values.unit} onChange={(e) => set('unit', e.currentTarget.value as ProductUnit)}>
            {PRODUCT_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(UNIT_LABELS[u])}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>

      <Card as="section" aria-labelledby="product-variants">
        <CardHeader id="product-variants" title={t('shop.productForm.variants')} />
        <div className={layout.stack}>
          <ColorsField value={values.colors} onChange={(colors) => set('colors', colors)} />
          <SizesField value={values.sizes} onChange={(sizes) => set('sizes', sizes)} />
          <VariantGrid
            colors={values.colors}
            sizes={values.sizes}
            enabled={values.stockMode === 'per_variant'}
            onEnabledChange={setStockMode}
            cells={values.variants}
            onCellsChange={(cells) => set('variants', cells)}
            pricePlaceholder={values.sellingPrice || zero}
          />
          <CustomFieldsEditor value={values.customFields} onChange={(rows) => set('customFields', rows)} />
          <div className={layout.formGrid}>
            <TextField label={t('shop.productForm.manufacturingDate')} type="date" value={values.manufacturingDate} onChange={(e) => set('manufacturingDate', e.currentTarget.value)} />
            <TextField label={t('shop.productForm.expiryDate')} type="date" value={values.expiryDate} onChange={(e) => set('expiryDate', e.currentTarget.value)} />
          </div>
        </div>
      </Card>

      <div className={styles.stickyActions}>
        <ButtonLink href="/shop/products" variant="outline">
          {t('shop.common.cancel')}
        </ButtonLink>
        <Button type="submit" size="lg" loading={saving} disabled={uploading}>
          {saving ? pendingLabel : uploading ? t('shop.productForm.uploading') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
