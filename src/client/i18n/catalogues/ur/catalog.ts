import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/catalog';

export default {
  'catalog.browse.title': 'دریافت کریں',
  'catalog.browse.subtitle': 'ہر دکان کی مصنوعات۔',
  'catalog.browse.searchLabel': 'مصنوعات تلاش کریں',
  'catalog.browse.searchPlaceholder': 'نام یا برانڈ سے تلاش کریں...',
  'catalog.browse.shopLabel': 'دکان',
  'catalog.browse.allShops': 'تمام دکانیں',
  'catalog.browse.categories': 'زمرے',
  'catalog.browse.allCategories': 'سب',
  'catalog.browse.loading': 'مصنوعات لوڈ ہو رہی ہیں...',
  'catalog.browse.loadFailed': 'مصنوعات لوڈ نہیں ہو سکیں',
  'catalog.browse.empty': 'کوئی پروڈکٹ نہیں ملی',
  'catalog.browse.emptyFiltered': 'کوئی اور تلاش، زمرہ یا دکان آزمائیں۔',
  'catalog.browse.clearFilters': 'فلٹر ہٹائیں',
  'catalog.browse.emptyNew': 'دکانیں جیسے ہی نئی مصنوعات شامل کریں گی، وہ یہاں نظر آئیں گی۔',
  'catalog.card.lowStock': 'اسٹاک کم ہے',
  'catalog.card.outOfStock': 'اسٹاک ختم',
  // The operator stopped orders from shops whose trial or plan has ended (issue 48): the product page and storefront.
  'catalog.notTakingOrders': 'یہ دکان ابھی آرڈر نہیں لے رہی',
  'catalog.card.addToCart': 'کارٹ میں ڈالیں',
  'catalog.grid.label': 'مصنوعات',
  'catalog.banner.label': 'نمایاں',
  'catalog.banner.fallbackTitle': 'بینر {number} از {count}',
  'catalog.banner.slide': '{count} میں سے {number}',
  'catalog.banner.newTab': '{label} (نئے ٹیب میں کھلے گا)',
  'catalog.banner.play': 'بینر چلائیں',
  'catalog.banner.pause': 'بینر روکیں',
  'catalog.banner.previous': 'پچھلا بینر',
  'catalog.banner.next': 'اگلا بینر',
  'catalog.banner.show': 'بینر {number} دکھائیں',
} satisfies Translations<typeof en>;
