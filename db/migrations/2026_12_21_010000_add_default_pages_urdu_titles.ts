import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The six starter pages (2026_12_05_010000) had English titles only, so the Urdu footer of every page
// named them in English. Each gets its Urdu title, where the operator kept the starter's English title
// and wrote no Urdu one; their texts stay the operator's to write (the Urdu page shows the English text,
// marked lang="en", until then).
const TITLES: ReadonlyArray<{ address: string; title: string; titleUr: string }> = [
  { address: 'about', title: 'About us', titleUr: 'ہمارے بارے میں' },
  { address: 'terms', title: 'Terms of service', titleUr: 'شرائط و ضوابط' },
  { address: 'privacy', title: 'Privacy policy', titleUr: 'رازداری کی پالیسی' },
  { address: 'returns', title: 'Returns and refunds', titleUr: 'واپسی اور رقم کی واپسی' },
  { address: 'delivery', title: 'Delivery', titleUr: 'ڈیلیوری' },
  { address: 'contact', title: 'Contact', titleUr: 'رابطہ' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const page of TITLES) {
    await db
      .updateTable('pages')
      .set({ title_ur: page.titleUr })
      .where('address', '=', page.address)
      .where('title', '=', page.title)
      .where('title_ur', '=', '')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const page of TITLES) {
    await db.updateTable('pages').set({ title_ur: '' }).where('address', '=', page.address).where('title_ur', '=', page.titleUr).execute();
  }
}
