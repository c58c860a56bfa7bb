import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';

/** The shop's WhatsApp number, contact email and phone, as /shop/create and /shop/settings ask for them. */
export function ShopContactsCard({ values }: { values?: { whatsappNumber: string; contactEmail: string; contactPhone: string } }) {
  const t = useT(shop);
  return (
    <Card as="section" aria-labelledby="shop-contacts">
      <CardHeader id="shop-contacts" title={t('shop.contacts.title')} description={t('shop.contacts.description')} />
      <div className={layout.formGrid}>
        <div className={layout.fullRow}>
          <TextField
            label={t('shop.contacts.whatsapp')}
            name="whatsappNumber"
            type="tel"
            dir="ltr"
            required
            autoComplete="tel"
            placeholder="+923001234567"
            hint={t('shop.contacts.whatsappHint')}
            defaultValue={values?.whatsappNumber}
          />
        </div>
        <TextField label={t('shop.contacts.email')} name="contactEmail" type="email" dir="ltr" autoComplete="email" defaultValue={values?.contactEmail} />
        <TextField label={t('shop.contacts.phone')} name="contactPhone" type="tel" dir="ltr" autoComplete="tel" defaultValue={values?.contactPhone} />
      </div>
    </Card>
  );
}
