import { Card, CardHeader } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';

/** The shop's WhatsApp number, contact email and phone, as /shop/create and /shop/settings ask for them. */
export function ShopContactsCard({ values }: { values?: { whatsappNumber: string; contactEmail: string; contactPhone: string } }) {
  return (
    <Card as="section" aria-labelledby="shop-contacts">
      <CardHeader id="shop-contacts" title="Contacts" description="Buyers confirm orders with you on WhatsApp." />
      <div className={layout.formGrid}>
        <div className={layout.fullRow}>
          <TextField
            label="WhatsApp Number"
            name="whatsappNumber"
            type="tel"
            required
            autoComplete="tel"
            placeholder="+923001234567"
            hint="With the country code, e.g. +92 for Pakistan."
            defaultValue={values?.whatsappNumber}
          />
        </div>
        <TextField label="Contact Email" name="contactEmail" type="email" autoComplete="email" defaultValue={values?.contactEmail} />
        <TextField label="Contact Phone" name="contactPhone" type="tel" autoComplete="tel" defaultValue={values?.contactPhone} />
      </div>
    </Card>
  );
}
