import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// A product's currency is its shop's (product-decisions section 4). Until now the product form could
// save a product in another currency (it turned any code it did not know into USD), so a product
// moves to its shop's currency here. Amounts keep what the shopkeeper typed: a JPY shop's "1500"
// saved as 1500.00 USD (150000) becomes 1500 JPY. ISO 4217 minor digits as of this migration:
const ZERO_DIGITS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DIGITS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const minorDigits = (code: string) => (ZERO_DIGITS.has(code) ? 0 : THREE_DIGITS.has(code) ? 3 : 2);

export async function up(db: Kysely<any>): Promise<void> {
  const pairs = await sql<{ product_currency: string; shop_currency: string }>`
    select distinct p.currency as product_currency, s.currency as shop_currency
    from products p join shops s on s.id = p.shop_id
    where p.currency <> s.currency`.execute(db);
  for (const { product_currency: from, shop_currency: to } of pairs.rows) {
    const factor = 10 ** (minorDigits(to) - minorDigits(from));
    await sql`
      update products set
        currency = ${to},
        selling_price = cast(round(selling_price * ${factor}) as integer),
        purchase_price = cast(round(purchase_price * ${factor}) as integer),
        discount_value = case when discount_type = 'fixed' then cast(round(discount_value * ${factor}) as integer) else discount_value end
      where currency = ${from} and shop_id in (select id from shops where currency = ${to})`.execute(db);
  }
}

// The old currencies are not kept: going down leaves every product in its shop's currency.
export async function down(): Promise<void> {}
