import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/dialogs';

export default {
  'dialogs.confirm.title': 'کیا آپ کو یقین ہے؟',
  'dialogs.confirm.cancel': 'منسوخ',
  'dialogs.confirm.delete': 'حذف کریں',
  'dialogs.pwa.installTitle': '{site} انسٹال کریں',
  'dialogs.pwa.installBody': '{site} کو اپنی ہوم اسکرین پر شامل کریں تاکہ دکانیں، آپ کا کارٹ اور آپ کے آرڈرز فوراً کھلیں، سست انٹرنیٹ پر بھی۔',
  'dialogs.pwa.later': 'بعد میں',
  'dialogs.pwa.install': 'ابھی انسٹال کریں',
} satisfies Translations<typeof en>;
