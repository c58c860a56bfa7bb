import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { e2eDb } from './e2e-db';

/**
 * Shops and products written straight into the e2e server's database (the shopkeeper screens are
 * built and tested elsewhere), with real WebP images in its uploads folder. Every name carries a
 * unique tag so tests running in parallel never see each other's data by accident.
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

function uploadsDir(): string {
  return path.resolve('.e2e', process.env.E2E_PORT ?? '3100', 'uploads');
}

async function makeImage(color: string, label: string): Promise<{ url: string; thumbUrl: string }> {
  const dir = path.join(uploadsDir(), 'e2e');
  fs.mkdirSync(dir, { recursive: true });
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="${color}"/><circle cx="400" cy="400" r="220" fill="white" opacity="0.35"/></svg>`,
  );
  await sharp(svg).webp().toFile(path.join(dir, `${name}.webp`));
  await sharp(svg).resize(480, 480).webp().toFile(path.join(dir, `${name}-thumb.webp`));
  return { url: `/uploads/e2e/${name}.webp`, thumbUrl: `/uploads/e2e/${name}-thumb.webp` };
}

export async function seedCatalog(): Promise<SeededCatalog> {
  const tag = randomUUID().slice(0, 6);
  const images = await Promise.all([makeImage('#1f6feb', 'tee'), makeImage('#e8590c', 'tee2'), makeImage('#2b8a3e', 'mug'), makeImage('#7048e8', 'lamp')]);
  const db = e2eDb();
  try {
    return db.transaction(() => {
      const owner = (email: string) => {
        const id = Number(db.prepare('insert into users (email, password_hash) values (?, ?)').run(email, 'x').lastInsertRowid);
        db.prepare('insert into profiles (user_id, full_name, role_selected, is_pro) values (?, ?, 1, 1)').run(id, `Owner ${tag}`);
        db.prepare("insert into user_roles (user_id, role) values (?, 'shopkeeper')").run(id);
        return id;
      };
      const shop = (name: string, slug: string, currency: string, whatsapp: string) => {
        const id = Number(
          db
            .prepare(
              'insert into shops (owner_id, name, slug, description, contact_email, contact_phone, whatsapp_number, currency) values (?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .run(owner(`owner-${slug}@e2e.test`), name, slug, `Handpicked goods from ${name}.`, `hello@${slug}.test`, '+92 300 1112233', whatsapp, currency)
            .lastInsertRowid,
        );
        return { id, name, slug };
      };
      const shopA = shop(`Alpha Outfitters ${tag}`, `alpha-${tag}`, 'PKR', '+92 300 1234567');
      const shopB = shop(`Beta Lights ${tag}`, `beta-${tag}`, 'PKR', '+92 321 7654321');
      const category = (shopId: number, name: string, slug: string) =>
        Number(db.prepare('insert into categories (shop_id, name, slug) values (?, ?, ?)').run(shopId, name, slug).lastInsertRowid);
      const apparelSlug = `apparel-${tag}`;
      const apparel = category(shopA.id, `Apparel ${tag}`, apparelSlug);
      const kitchen = category(shopA.id, `Kitchen ${tag}`, `kitchen-${tag}`);
      const lighting = category(shopB.id, `Lighting ${tag}`, `lighting-${tag}`);
      let n = 0;
      const product = (
        shopId: number,
        values: { name: string; brand: string; price: number; stock: number; categoryId: number; colors?: string[]; sizes?: string[]; discount?: number },
        imgs: Array<{ url: string; thumbUrl: string }>,
      ): SeededProduct => {
        n += 1;
        const slug = `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}`;
        const created = new Date(Date.now() - n * 1000).toISOString();
        const id = Number(
          db
            .prepare(
              `insert into products (shop_id, category_id, name, slug, brand, description_html, selling_price, currency, stock_amount, unit,
                colors, sizes, custom_fields, discount_type, discount_value, created_at)
               values (?, ?, ?, ?, ?, ?, ?, 'PKR', ?, 'pieces', ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              shopId,
              values.categoryId,
              values.name,
              slug,
              values.brand,
              `<p>The <strong>${values.name}</strong> you were looking for.</p><script>window.__xss = 1</script>`,
              values.price,
              values.stock,
              JSON.stringify(values.colors ?? []),
              JSON.stringify(values.sizes ?? []),
              JSON.stringify([{ name: 'Material', value: 'Cotton' }]),
              values.discount ? 'percent' : null,
              values.discount ?? null,
              created,
            ).lastInsertRowid,
        );
        imgs.forEach((img, position) =>
          db
            .prepare('insert into product_images (product_id, url, thumb_url, position, is_primary) values (?, ?, ?, ?, ?)')
            .run(id, img.url, img.thumbUrl, position, position === 0 ? 1 : 0),
        );
        return { id, name: values.name, slug };
      };
      const [teeImg, tee2Img, mugImg, lampImg] = images as [typeof images[0], typeof images[0], typeof images[0], typeof images[0]];
      const tee = product(
        shopA.id,
        { name: `Cotton Tee ${tag}`, brand: 'Loomwear', price: 250000, stock: 8, categoryId: apparel, colors: ['#ff0000', '#000080'], sizes: ['M', 'L'], discount: 20 },
        [teeImg, tee2Img],
      );
      const mug = product(shopA.id, { name: `Clay Mug ${tag}`, brand: 'Potters', price: 90000, stock: 30, categoryId: kitchen }, [mugImg]);
      const lamp = product(shopB.id, { name: `Desk Lamp ${tag}`, brand: 'Glowco', price: 450000, stock: 12, categoryId: lighting }, [lampImg]);
      return { tag, shopA, shopB, category: { name: `Apparel ${tag}`, slug: apparelSlug }, tee, mug, lamp };
    })();
  } finally {
    db.close();
  }
}

/** A slider for the banner carousel, pointing at an internal path. */
export async function seedSlider(title: string, redirectUrl: string): Promise<void> {
  const image = await makeImage('#0d7a6f', 'slider');
  const db = e2eDb();
  try {
    db.prepare('insert into sliders (title, image_url, redirect_url, display_order) values (?, ?, ?, 0)').run(title, image.url, redirectUrl);
  } finally {
    db.close();
  }
}
