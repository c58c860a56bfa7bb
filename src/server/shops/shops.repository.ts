import type { DB } from '../db/client';

/** The caller's own shop, resolved once per request by the shopkeeper tier. */
export async function findByOwner(db: DB, ownerId: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'slug', 'currency', 'is_active', 'whatsapp_number', 'tax_rate_bps'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export type OwnShop = NonNullable<Awaited<ReturnType<typeof findByOwner>>>;
