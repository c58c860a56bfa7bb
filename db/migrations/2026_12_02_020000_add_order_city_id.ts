import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The city an order was matched to (issue 53): orders.ship_city_id is the id of the city of Pakistan's
// list (src/shared/pakistan-cities.ts) that the buyer's typed city named, in English or Urdu; null
// when it named none, and for every order placed before. orders.ship_city keeps the city as typed.
//
// A shop's city rates are not rewritten here. Which listed city a rate names is decided when the rate
// is read, by the same matcher checkout uses (cityKey in src/shared/pakistan-cities.ts): one list and
// one matcher stay the only source of truth, so a rate saved before this migration ("Pindi", "LAHORE")
// meets its city typed in either script from now on, a rate on no list keeps matching its own text in
// any case as before, and a spelling later added to the list reaches old rates too. A copy of the list
// frozen in this file would be a second truth that drifts. shop_delivery_cities.city_key stays a
// write-time key for one row per city: rows saved from now on hold cityKey's value (a listed city's
// id), rows saved before hold their lower-cased text until the shop saves its rule again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('ship_city_id', 'text', (c) => c.check(sql`length(ship_city_id) between 1 and 60`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('ship_city_id').execute();
}
