import { type FormEvent, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { createShopSchema } from '../../../shared/schemas/shop';
import { slugFromName, slugify } from '../../../shared/slug';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import { useSession } from '../../session';
import { CurrencySelect } from '../../features/shop/currency-select';
import { ShopContactsCard } from '../../features/shop/shop-contacts-card';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import { errorMessage, trpc } from '../../trpc';

export default function ShopCreatePage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
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
      toast.error(parsed.error.issues[0]?.message ?? 'Failed to create shop');
      return;
    }
    try {
      await create.mutateAsync({ ...parsed.data, taxRate: String(form.get('taxRate') ?? '') });
      await utils.auth.me.invalidate();
      toast.success('Shop created successfully!');
      navigate('/shop/dashboard');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create shop'));
    }
  }

  return (
    <Page title="Create your shop" subtitle="Set up your shop to start selling. You can change most of this later." narrow>
      {isShopkeeper && <TrialGate />}
      {!isShopkeeper && (
        <Card>
          <p>
            Only shopkeepers can create a shop. Turn on the Shopkeeper role in <Link href="/settings">Settings</Link> first.
          </p>
        </Card>
      )}
      <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label="Create shop">
        <Card as="section" aria-labelledby="shop-basics">
          <CardHeader id="shop-basics" title="Your shop" />
          <div className={layout.stack}>
            <TextField
              label="Shop Name"
              name="name"
              required
              value={name}
              maxLength={120}
              autoComplete="organization"
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
              label="Shop URL"
              name="slug"
              required
              value={slug}
              maxLength={60}
              autoCapitalize="none"
              spellCheck={false}
              hint={`Your shop's address: /shop/${slug || 'your-shop'}`}
              onChange={(e) => {
                setSlug(slugify(e.currentTarget.value));
                setSlugEdited(e.currentTarget.value !== '');
              }}
            />
            <TextAreaField label="Description" name="description" maxLength={2000} placeholder="What do you sell?" />
          </div>
        </Card>
        <ShopContactsCard />
        <Card as="section" aria-labelledby="shop-money">
          <CardHeader id="shop-money" title="Money" description="Your products are priced in this currency." />
          <div className={layout.formGrid}>
            <CurrencySelect value={currency} onChange={setCurrency} />
            <TextField label="Tax Rate (%)" name="taxRate" type="number" inputMode="decimal" step="0.01" min="0" max="100" defaultValue="0" />
          </div>
        </Card>
        <div className={layout.row}>
          <Button type="submit" size="lg" loading={create.isPending} disabled={!isShopkeeper}>
            {create.isPending ? 'Creating...' : 'Create Shop'}
          </Button>
        </div>
      </form>
    </Page>
  );
}
