import type { Translations } from '../../translator';
import type en from '../en/head';

export default {
  'head.defaultDescription': 'مقامی دکانوں سے خریدیں اور ادائیگی ڈیلیوری پر نقد کریں۔',
  'head.browseTitle': 'مصنوعات دیکھیں | {site}',
  'head.browseDescription': '{site} کی ہر دکان کی مصنوعات: تلاش کریں، زمرہ چنیں اور ڈیلیوری پر نقد ادائیگی کریں۔',
  'head.shopsTitle': 'تمام دکانیں | {site}',
  'head.shopsDescription': '{site} کی ہر دکان اپنی ریٹنگ کے ساتھ: اپنی پسند کی دکان ڈھونڈیں اور اس کی مصنوعات دیکھیں۔',
  'head.productDescription': '{shop} کی طرف سے {product}',
  'head.storefrontDescription': '{site} پر دکان {shop}',
  'head.needsJavaScript': 'یہ مارکیٹ پلیس چلانے کے لیے جاوا اسکرپٹ ضروری ہے۔',
} satisfies Translations<typeof en>;
