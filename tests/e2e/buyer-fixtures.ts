import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createCategory, createProduct, createShop, createSlider, createUser, type ProductOptions, type ShopRef } from '../../src/server/testing/factories';
import { accountId, e2eEnv } from './e2e-db';
import { ADMIN } from './fixtures';

/**
 * Shops and products made by the test factories in the e2e server's database (the shopkeeper screens
 * are tested elsewhere), with real uploaded images. Every name carries a unique tag so tests running
 * in parallel never see each other's data by accident.
 */

export interface SeededProduct {
  id: number;
  name: string;
  slug: string;
}

export interface SeededCatalog {
  tag: string;
  shopA: { id: number; name: string; slug: string };
  shopB: { id: number; name: string; slug: string };
  category: { name: string; slug: string };
  /** In shop A, category, with 2 colors and 2 sizes, 20% off, 8 in stock (Low Stock). */
  tee: SeededProduct;
  /** In shop A, no options, in another category. */
  mug: SeededProduct;
  /** In shop B, no options. */
  lamp: SeededProduct;
}

/** A product picture: a coloured square with a soft circle, drawn locally. */
function picture(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="${color}"/><circle cx="400" cy="400" r="220" fill="white" opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedCatalog(): Promise<SeededCatalog> {
  const env = e2eEnv();
  const tag = randomUUID().slice(0, 6);
  const shop = async (name: string, slug: string, whatsapp: string) => {
    const owner = await createUser(env, { email: `owner-${slug}@e2e.test`, fullName: `Owner ${tag}`, roles: ['shopkeeper'], isPro: true });
    return createShop(env, {
      owner,
      name,
      slug,
      description: `Handpicked goods from ${name}.`,
      contactEmail: `hello@${slug}.test`,
      contactPhone: '+92 300 1112233',
      whatsapp,
      currency: 'PKR',
    });
  };
  const shopA = await shop(`Alpha Outfitters ${tag}`, `alpha-${tag}`, '+92 300 1234567');
  const shopB = await shop(`Beta Lights ${tag}`, `beta-${tag}`, '+92 321 7654321');
  const apparel = await createCategory(env, shopA, `Apparel ${tag}`);
  const kitchen = await createCategory(env, shopA, `Kitchen ${tag}`);
  const lighting = await createCategory(env, shopB, `Lighting ${tag}`);
  let n = 0;
  const product = async (owner: ShopRef, options: ProductOptions & { name: string }, colors: string[]): Promise<SeededProduct> => {
    n += 1;
    const made = await createProduct(env, owner, {
      descriptionHtml: `<p>The <strong>${options.name}</strong> you were looking for.</p><script>window.__xss = 1</script>`,
      customFields: [{ name: 'Material', value: 'Cotton' }],
      images: await Promise.all(colors.map(picture)),
      // Newest first in the catalog: tee, mug, lamp.
      at: new Date(Date.now() - n * 1000),
      ...options,
    });
    return { id: made.id, name: made.name, slug: made.slug };
  };
  const tee = await product(
    shopA,
    { name: `Cotton Tee ${tag}`, brand: 'Loomwear', price: 250000, stock: 8, categoryId: apparel.id, colors: ['#ff0000', '#000080'], sizes: ['M', 'L'], discount: { type: 'percent', value: 20 } },
    ['#1f6feb', '#e8590c'],
  );
  const mug = await product(shopA, { name: `Clay Mug ${tag}`, brand: 'Potters', price: 90000, stock: 30, categoryId: kitchen.id }, ['#2b8a3e']);
  const lamp = await product(shopB, { name: `Desk Lamp ${tag}`, brand: 'Glowco', price: 450000, stock: 12, categoryId: lighting.id }, ['#7048e8']);
  const short = (s: typeof shopA) => ({ id: s.id, name: s.name, slug: s.slug });
  return { tag, shopA: short(shopA), shopB: short(shopB), category: { name: apparel.name, slug: apparel.slug }, tee, mug, lamp };
}

/** A slider for the banner carousel, added by the admin. */
export async function seedSlider(title: string, redirectUrl: string): Promise<void> {
  await createSlider(e2eEnv(), { admin: await accountId(ADMIN.email), title, redirectUrl });
}
