import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { localizeMessage } from '../../../shared/i18n/translator';
import { bpsToTaxPercent, updateShopSchema } from '../../../shared/schemas/shop';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import * as layout from '../../components/ui/page.css';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { ImageUploader } from '../../components/uploads/image-uploader';
import type { AppRouter } from '../../../server/trpc/app-router';
import shopTexts from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';
import { CurrencySelect } from '../../features/shop/currency-select';
import { BlockedNumbers } from '../../features/shop/blocked-numbers';
import { DeliverySettings } from '../../features/shop/delivery-form';
import { PoliciesSettings } from '../../features/shop/policies-form';
import { NewOrderEmails } from '../../features/shop/new-order-emails';
import { ShopContactsCard } from '../../features/shop/shop-contacts-card';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

type Shop = NonNullable<inferRouterOutputs<AppRouter>['shops']['mine']>;

function SettingsForm({ shop }: { shop: Shop }) {
  const toast = useToast();
  const t = useT(shopTexts);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const reads = useReads();
  const utils = trpc.useUtils();
  const update = trpc.shops.update.useMutation();
  const [logoUrl, setLogoUrl] = useState(shop.logoUrl);
  const [profilePictureUrl, setProfilePictureUrl] = useState(shop.profilePictureUrl);
  const [coverImageUrl, setCoverImageUrl] = useState(shop.coverImageUrl);
  const [currency, setCurrency] = useState(shop.currency);
  const discard = trpc.products.discardUnsavedImages.useMutation();
  // An image replaced before saving is removed at once; the server keeps the saved one until Save.
  const replace = (previous: string | null, set: (url: string | null) => void) => (next: string | null) => {
    set(next);
    if (previous && previous !== next) discard.mutate({ urls: [previous] });
  };
  const [uploads, setUploads] = useState(0);
  const track = (uploading: boolean) => setUploads((n) => Math.max(0, n + (uploading ? 1 : -1)));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploads > 0) {
      toast.info(t('shop.common.waitForUploads'));
      return;
    }
    const form = new FormData(event.currentTarget);
    const parsed = updateShopSchema.safeParse({
      name: form.get('name'),
      description: form.get('description'),
      contactEmail: form.get('contactEmail'),
      contactPhone: form.get('contactPhone'),
      whatsappNumber: form.get('whatsappNumber'),
      currency,
      logoUrl,
      profilePictureUrl,
      coverImageUrl,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? localizeMessage(language, issue) : t('shop.common.checkForm'));
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      await Promise.all([
        utils.shops.mine.invalidate(),
        utils.shops.dashboard.invalidate(),
        reads.invalidate('auth.me'),
        currency === shop.currency ? null : utils.products.invalidate(),
      ]);
      toast.success(t('shop.settings.saved'));
      navigate('/shop/dashboard');
    } catch (error) {
      toast.error(errorMessage(error, t('shop.settings.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label={t('shop.settings.form')}>
      <Card as="section" aria-labelledby="settings-shop">
        <CardHeader
          id="settings-shop"
          title={t('shop.settings.shop')}
          description={
            <>
              {t('shop.fields.address')}
              <bdi>/shop/{shop.slug}</bdi>
            </>
          }
        />
        <div className={layout.stack}>
          <TextField label={t('shop.fields.name')} name="name" required maxLength={120} defaultValue={shop.name} dir="auto" />
          <TextAreaField label={t('shop.fields.description')} name="description" maxLength={2000} defaultValue={shop.description} dir="auto" />
        </div>
      </Card>
      <ShopContactsCard values={shop} />
      <Card as="section" aria-labelledby="settings-images">
        <CardHeader id="settings-images" title={t('shop.settings.images')} description={t('shop.settings.imagesDescription')} />
        <div className={layout.stack}>
          <ImageUploader label={t('shop.settings.logo')} value={logoUrl} onChange={replace(logoUrl, setLogoUrl)} onUploadingChange={track} />
          <ImageUploader label={t('shop.settings.profilePicture')} value={profilePictureUrl} onChange={replace(profilePictureUrl, setProfilePictureUrl)} onUploadingChange={track} />
          <ImageUploader label={t('shop.settings.coverImage')} value={coverImageUrl} onChange={replace(coverImageUrl, setCoverImageUrl)} shape="wide" onUploadingChange={track} />
        </div>
      </Card>
      <Card as="section" aria-labelledby="settings-money">
        <CardHeader id="settings-money" title={t('shop.fields.money')} />
        <div className={layout.formGrid}>
          <CurrencySelect
            value={currency}
            onChange={setCurrency}
            hint={currency === shop.currency ? undefined : t('shop.settings.currencyHint')}
          />
          <p>{t('shop.settings.taxRate', { rate: bpsToTaxPercent(shop.taxRateBps) })}</p>
        </div>
      </Card>
      <div className={layout.row} style={{ justifyContent: 'flex-end' }}>
        <ButtonLink href="/shop/dashboard" variant="outline">
          {t('shop.common.cancel')}
        </ButtonLink>
        <Button type="submit" size="lg" loading={update.isPending} disabled={uploads > 0}>
          {update.isPending ? t('shop.common.saving') : t('shop.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export default function ShopSettingsPage() {
  const t = useT(shopTexts);
  const shop = trpc.shops.mine.useQuery();
  return (
    <Page title={t('shop.settings.title')} subtitle={t('shop.settings.subtitle')} narrow>
      <TrialGate />
      {shop.isPending ? (
        <PageSkeleton label={t('shop.settings.loading')} />
      ) : shop.error || !shop.data ? (
        <Card role="alert">{errorMessage(shop.error, t('shop.common.shopNotFound'))}</Card>
      ) : (
        <div className={layout.stack}>
          <SettingsForm shop={shop.data} />
          {/* Saved on its own: its amounts are in the saved currency. */}
          <DeliverySettings key={`${shop.data.currency}`} currency={shop.data.currency} delivery={shop.data.delivery} />
          <PoliciesSettings policies={shop.data.policies} />
          <BlockedNumbers />
          <NewOrderEmails enabled={shop.data.emailNewOrders} contactEmail={shop.data.contactEmail} />
        </div>
      )}
    </Page>
  );
}
