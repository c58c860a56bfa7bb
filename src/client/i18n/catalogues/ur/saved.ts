import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/saved';

export default {
  'saved.title': 'محفوظ شدہ پروڈکٹس',
  'saved.subtitle': 'وہ پروڈکٹس جو آپ نے بعد کے لیے محفوظ کیں، آج کی قیمت کے ساتھ۔',
  'saved.list': 'محفوظ شدہ پروڈکٹس',
  'saved.empty': 'ابھی کچھ محفوظ نہیں',
  'saved.emptyHint': 'کسی پروڈکٹ پر "محفوظ کریں" دبائیں تو وہ یہاں رہے گی۔',
  'saved.browse': 'پروڈکٹس دیکھیں',
  'saved.guestNote': 'صرف اس ڈیوائس پر محفوظ ہیں۔ ہر ڈیوائس پر دیکھنے کے لیے سائن ان کریں۔',
  'saved.signIn': 'سائن ان',
  'saved.priceDropped': 'قیمت {price} سے کم ہو گئی',
  'saved.outOfStock': 'اسٹاک ختم',
  'saved.unavailable': 'اب دستیاب نہیں',
  'saved.unnamed': 'ایک محفوظ شدہ پروڈکٹ',
  'saved.addToCart': 'کارٹ میں ڈالیں',
  'saved.loadFailed': 'آپ کی محفوظ شدہ پروڈکٹس نہیں کھل سکیں۔',
  'saved.retry': 'دوبارہ کوشش کریں',
  'saved.settingsLink': 'محفوظ شدہ پروڈکٹس',
  'saved.settingsHint': 'آپ کی محفوظ کی ہوئی پروڈکٹس، ہر اس ڈیوائس پر جہاں آپ سائن ان کریں۔',
} satisfies Translations<typeof en>;
