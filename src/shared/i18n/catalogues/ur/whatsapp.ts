import type { Translations } from '../../translator';
import type en from '../en/whatsapp';

export default {
  'whatsapp.order.title': 'نیا آرڈر {orderNumber}',
  'whatsapp.order.customer': 'خریدار: {name}',
  'whatsapp.order.phone': 'فون: {phone}',
  'whatsapp.order.email': 'ای میل: {email}',
  'whatsapp.order.items': 'اشیاء:',
  'whatsapp.order.item': '- {name} × {quantity} = {total}',
  'whatsapp.order.itemWithOptions': '- {name} ({options}) × {quantity} = {total}',
  'whatsapp.order.optionSeparator': '، ',
  'whatsapp.order.sku': 'کوڈ {sku}',
  'whatsapp.order.subtotal': 'ذیلی کل: {amount}',
  'whatsapp.order.coupon': 'کوپن {code}: −{amount}',
  'whatsapp.order.couponFreeDelivery': 'کوپن {code}: مفت ڈیلیوری',
  'whatsapp.order.tax': 'ٹیکس: {amount}',
  'whatsapp.order.delivery': 'ڈیلیوری: {amount}',
  'whatsapp.order.deliveryFree': 'ڈیلیوری: مفت',
  'whatsapp.order.total': 'کل رقم: {amount}',
  'whatsapp.order.address': 'ڈیلیوری کا پتہ: {address}، {city}، {postalCode}',
  'whatsapp.order.notes': 'ہدایات: {notes}',
  'whatsapp.order.payment': 'ادائیگی: ڈیلیوری پر نقد',
  'whatsapp.shop.greeting': 'السلام علیکم {name}، {shop} سے آپ کے آرڈر {orderNumber} کے بارے میں:',
  'whatsapp.support.trialExpired': 'السلام علیکم، دکاندار کے طور پر میرا مفت ٹرائل ختم ہو گیا ہے۔ براہِ کرم اسے جاری رکھنے میں میری مدد کریں۔',
} satisfies Translations<typeof en>;
