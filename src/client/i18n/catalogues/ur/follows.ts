import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/follows';

export default {
  'follows.follow': 'فالو کریں',
  'follows.following': 'فالو کر رہے ہیں',
  'follows.title': 'فالو کی گئی دکانیں',
  'follows.subtitle': 'وہ دکانیں جنہیں آپ فالو کرتے ہیں، ان کی نئی پروڈکٹس کے ساتھ۔',
  'follows.empty': 'آپ ابھی کسی دکان کو فالو نہیں کرتے',
  'follows.emptyHint': 'کسی پسندیدہ دکان پر فالو کریں تاکہ اس کی نئی پروڈکٹس یہاں ملیں۔',
  'follows.browseShops': 'دکانیں دیکھیں',
  'follows.visitShop': 'دکان دیکھیں',
  'follows.noProducts': 'ابھی کوئی پروڈکٹ نہیں',
  'follows.loadFailed': 'آپ کی فالو کی گئی دکانیں لوڈ نہیں ہو سکیں۔',
  'follows.settingsLink': 'فالو کی گئی دکانیں',
  'follows.settingsHint': 'ان کی نئی پروڈکٹس، ایک جگہ۔',
} satisfies Translations<typeof en>;
