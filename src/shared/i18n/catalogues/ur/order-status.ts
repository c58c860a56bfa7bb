import type { Translations } from '../../translator';
import type en from '../en/order-status';

export default {
  'order-status.status.pending': 'زیرِ التوا',
  'order-status.status.confirmed': 'تصدیق شدہ',
  'order-status.status.shipped': 'روانہ ہو گیا',
  'order-status.status.delivered': 'ڈیلیور ہو گیا',
  'order-status.status.cancelled': 'منسوخ',
  'order-status.status.returned': 'واپس آ گیا',
  'order-status.advance.pending': 'زیرِ التوا کریں',
  'order-status.advance.confirmed': 'تصدیق کریں',
  'order-status.advance.shipped': 'روانہ شدہ کریں',
  'order-status.advance.delivered': 'ڈیلیور شدہ کریں',
  'order-status.advance.returned': 'واپس شدہ کریں',
  'order-status.advance.cancelled': 'آرڈر منسوخ کریں',
} satisfies Translations<typeof en>;
