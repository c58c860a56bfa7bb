import type { Role } from '../../shared/constants';
import type { DB } from '../db/client';
import { containsText } from '../db/dialect';



async function count(db: DB, table: 'shops' | 'products' | 'profiles'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function counts(db: DB) {
  const [shops, products, users, activeSliders] = await Promise.all([
    count(db, 'shops'),
    count(db, 'products'),
    count(db, 'profiles'),
    db
      .selectFrom('sliders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return { shops, products, users, activeSliders };
}

// ---- users ----

export async function listUsers(db: DB, search: string, offset: number, limit: number) {
  let query = db.selectFrom('users').innerJoin('profiles', 'profiles.user_id', 'users.id');
  if (search) query = query.where((eb) => eb.or([containsText('users.email', search), containsText('profiles.full_name', search), containsText('profiles.phone', search)]));
  const rows = await query
    .select([
      'users.id',
      'users.email',
      'profiles.full_name',
      'profiles.phone',
      'profiles.is_pro',
      'profiles.trial_start_at',
      'users.created_at',
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.id);
  const roleRows = ids.length
    ? await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', ids).orderBy('role').execute()
    : [];
  const roles = new Map<number, Role[]>();
  for (const r of roleRows) roles.set(r.user_id, [...(roles.get(r.user_id) ?? []), r.role]);
  return {
    items: page.map((r) => ({
      id: r.id,
      email: r.email,
      fullName: r.full_name,
      phone: r.phone,
      isPro: r.is_pro === 1,
      trialStartAt: r.trial_start_at,
      roles: roles.get(r.id) ?? [],
    })),
    hasMore: rows.length > limit,
  };
}

export async function countUsers(db: DB, search: string): Promise<number> {
  let query = db.selectFrom('users').innerJoin('profiles', 'profiles.user_id', 'users.id');
  if (search) query = query.where((eb) => eb.or([containsText('users.email', search), containsText('profiles.full_name', search), containsText('profiles.phone', search)]));
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setPro(db: DB, userId: number, isPro: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('profiles')
    .set({ is_pro: isPro ? 1 : 0, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function userExists(db: DB, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasRole(db: DB, userId: number, role: Role): Promise<boolean> {
  const row = await db.selectFrom('user_roles').select('user_id').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
  return row !== undefined;
}

export async function grantRole(db: DB, userId: number, role: Role, now: Date): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function revokeRole(db: DB, userId: number, role: Role): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
}

// ---- shops ----

function shopsQuery(db: DB, search: string) {
  let query = db.selectFrom('shops');
  if (search) query = query.where((eb) => eb.or([containsText('shops.name', search), containsText('shops.slug', search), containsText('shops.description', search)]));
  return query;
}

export async function listShops(db: DB, search: string, offset: number, limit: number) {
  const rows = await shopsQuery(db, search)
    .innerJoin('users', 'users.id', 'shops.owner_id')
    .select((eb) => [
      'shops.id',
      'shops.name',
      'shops.slug',
      'shops.description',
      'shops.logo_url',
      'shops.profile_picture_url',
      'shops.is_active',
      'users.email as owner_email',
      eb
        .selectFrom('products')
        .select((p) => p.fn.countAll<number>().as('n'))
        .whereRef('products.shop_id', '=', 'shops.id')
        .as('product_count'),
    ])
    .orderBy('shops.created_at', 'desc')
    .orderBy('shops.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    items: rows.slice(0, limit).map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      logoUrl: r.logo_url ?? r.profile_picture_url,
      isActive: r.is_active === 1,
      ownerEmail: r.owner_email,
      productCount: Number(r.product_count ?? 0),
    })),
    hasMore: rows.length > limit,
  };
}

export async function countShops(db: DB, search: string): Promise<number> {
  const row = await shopsQuery(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setShopActive(db: DB, id: number, isActive: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('shops')
    .set({ is_active: isActive ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Every uploaded file a shop references: its pictures and its products' images. */
export async function shopUploadUrls(db: DB, shopId: number): Promise<string[] | null> {
  const shop = await db
    .selectFrom('shops')
    .select(['logo_url', 'profile_picture_url', 'cover_image_url'])
    .where('id', '=', shopId)
    .executeTakeFirst();
  if (!shop) return null;
  const images = await db
    .selectFrom('product_images')
    .innerJoin('products', 'products.id', 'product_images.product_id')
    .select(['product_images.url', 'product_images.thumb_url'])
    .where('products.shop_id', '=', shopId)
    .execute();
  const categories = await db.selectFrom('categories').select('icon_url').where('shop_id', '=', shopId).execute();
  return [
    shop.logo_url,
    shop.profile_picture_url,
    shop.cover_image_url,
    ...images.flatMap((i) => [i.url, i.thumb_url]),
    ...categories.map((c) => c.icon_url),
  ].filter((u): u is string => typeof u === 'string' && u.length > 0);
}

export async function deleteShop(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('shops').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

// ---- products ----

function productsQuery(db: DB, search: string) {
  let query = db.selectFrom('products').innerJoin('shops', 'shops.id', 'products.shop_id');
  if (search) query = query.where((eb) => eb.or([containsText('products.name', search), containsText('products.brand', search), containsText('shops.name', search)]));
  return query;
}

export async function listProducts(db: DB, search: string, offset: number, limit: number) {
  const rows = await productsQuery(db, search)
    .select((eb) => [
      'products.id',
      'products.name',
      'products.slug',
      'products.is_active',
      'products.selling_price',
      'products.currency',
      'products.stock_amount',
      'shops.name as shop_name',
      'shops.is_active as shop_active',
      eb
        .selectFrom('product_images')
        .select('product_images.thumb_url')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('product_images.is_primary', 'desc')
        .orderBy('product_images.position', 'asc')
        .limit(1)
        .as('image_url'),
    ])
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    items: rows.slice(0, limit).map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      isActive: r.is_active === 1,
      sellingPrice: r.selling_price,
      currency: r.currency,
      stock: r.stock_amount,
      shopName: r.shop_name,
      shopActive: r.shop_active === 1,
      imageUrl: r.image_url ?? null,
    })),
    hasMore: rows.length > limit,
  };
}

export async function countProducts(db: DB, search: string): Promise<number> {
  const row = await productsQuery(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setProductActive(db: DB, id: number, isActive: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('products')
    .set({ is_active: isActive ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}


export async function deleteProduct(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
