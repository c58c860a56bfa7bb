import { type FormEvent, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { localizeMessage } from '../../../shared/i18n/translator';
import { createShopSchema } from '../../../shared/schemas/shop';
import { slugFromName, slugify } from '../../../shared/slug';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { useSession } from '../../session';
import { CurrencySelect } from '../../features/shop/currency-select';
import { ShopContactsCard } from '../../features/shop/shop-contacts-card';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';

export default function ShopCreatePage() {
  const toast = useToast();
  const t = useT(shop);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const reads = useReads();
  const { user } = useSession();
  const create = trpc.shops.create.useMutation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  // The slug follows the name until the shopkeeper types in it (product-decisions 3).
  const [slugEdited, setSlugEdited] = useState(false);
  const [currency, setCurrency] = useState('PKR');

  if (user?.shop) return <Redirect to="/shop/dashboard" replace />;
  const isShopkeeper = user?.roles.includes('shopkeeper') ?? false;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = createShopSchema.safeParse({
      name,
      slug,
      description: form.get('description'),
      contactEmail: form.get('contactEmail'),
      contactPhone: form.get('contactPhone'),
      whatsappNumber: form.get('whatsappNumber'),
      currency,
      taxRate: form.get('taxRate'),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('shop.create.failed'));
      return;
    }
    try {
      await create.mutateAsync({ ...parsed.data, taxRate: String(form.get('taxRate') ?? '') });
      await reads.invalidate('auth.me');
      toast.success(t('shop.create.created'));
      navigate('/shop/dashboard');
    } catch (error) {
      toast.error(errorMessage(error, t('shop.create.failed')));
    }
  }

  return (
    <Page title={t('shop.create.title')} subtitle={t('shop.create.subtitle')} narrow>
      {isShopkeeper && <TrialGate />}
      {!isShopkeeper && (
        <Card>
          <p>
            {t('shop.create.onlyShopkeepers.before')}
            <Link href="/settings">{t('shop.create.onlyShopkeepers.link')}</Link>
            {t('shop.create.onlyShopkeepers.after')}
          </p>
        </Card>
      )}
      <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label={t('shop.create.form')}>
        <Card as="section" aria-labelledby="shop-basics">
          <CardHeader id="shop-basics" title={t('shop.create.basics')} />
          <div className={layout.stack}>
            <TextField
              label={t('shop.fields.name')}
              name="name"
              required
              value={name}
              maxLength={120}
              autoComplete="organization"
              dir="auto"
              onChange={(e) => {
                const next = e.currentTarget.value;
                setName(next);
                if (!slugEdited || slug === '') {
                  setSlug(slugFromName(next));
                  setSlugEdited(false);
                }
              }}
            />
            <TextField
              label={t('shop.create.slug')}
              name="slug"
              required
              value={slug}
              maxLength={60}
              autoCapitalize="none"
              dir="ltr"
              spellCheck={false}
              hint={
                <>
                  {t('shop.fields.address')}
                  <bdi>/shop/{slug || 'your-shop'}</bdi>
                </>
              }
              onChange={(e) => {
                setSlug(slugify(e.currentTarget.value));
                setSlugEdited(e.currentTarget.value !== '');
              }}
            />
            <TextAreaField label={t('shop.fields.description')} name="description" maxLength={2000} placeholder={t('shop.create.descriptionPlaceholder')} dir="auto" />
          </div>
        </Card>
        <ShopContactsCard />
        <Card as="section" aria-labelledby="shop-money">
          <CardHeader id="shop-money" title={t('shop.fields.money')} description={t('shop.create.moneyDescription')} />
          <div className={layout.formGrid}>
            <CurrencySelect value={currency} onChange={setCurrency} />
            <TextField label={t('shop.create.taxRate')} name="taxRate" type="number" inputMode="decimal" step="0.01" min="0" max="100" defaultValue="0" />
          </div>
        </Card>
        <div className={layout.row}>
          <Button type="submit" size="lg" loading={create.isPending} disabled={!isShopkeeper}>
            {create.isPending ? t('shop.common.creating') : t('shop.create.submit')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
