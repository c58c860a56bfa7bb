import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/common';

export default {
  'common.nav.main': 'مرکزی',
  'common.nav.home': 'ہوم',
  'common.nav.products': 'مصنوعات',
  'common.nav.orders': 'آرڈرز',
  'common.nav.shop': 'دکان',
  'common.nav.browse': 'دیکھیں',
  'common.nav.shops': 'دکانیں',
  'common.nav.cart': 'کارٹ',
  'common.nav.profile': 'پروفائل',
  'common.nav.trackOrder': 'آرڈر ٹریک کریں',
  'common.nav.signIn': 'سائن ان',
  'common.cartItems': '({count} اشیاء)',
  'common.skipToContent': 'مواد پر جائیں',
  'common.admin': 'ایڈمن',
  'common.signOut': 'سائن آؤٹ',
  'common.signOutFailed': 'سائن آؤٹ نہیں ہو سکا۔ دوبارہ کوشش کریں۔',
  'common.switchLanguage': 'English',
} satisfies Translations<typeof en>;
