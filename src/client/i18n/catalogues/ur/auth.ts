import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/auth';

export default {
  'auth.error.unreachable': 'سرور سے رابطہ نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔',
  'auth.error.tooManyAttempts': 'سائن اِن کی بہت زیادہ کوششیں۔ کچھ دیر بعد دوبارہ کوشش کریں۔',
  'auth.error.invalidCredentials': 'ای میل یا پاس ورڈ درست نہیں',
  'auth.error.signInFailed': 'سائن اِن نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔',
  'auth.guard.loading': 'لوڈ ہو رہا ہے',
  'auth.guard.loadingPage': 'لوڈ ہو رہا ہے...',
} satisfies Translations<typeof en>;
