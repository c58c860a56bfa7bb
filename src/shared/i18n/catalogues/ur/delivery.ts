import type { Translations } from '../../translator';
import type en from '../en/delivery';

export default {
  'delivery.noDelivery': '{shop} کی ڈیلیوری {city} میں دستیاب نہیں',
} satisfies Translations<typeof en>;
