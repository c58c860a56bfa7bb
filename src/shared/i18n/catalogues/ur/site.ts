import type { Translations } from '../../translator';
import type en from '../en/site';

export default {
  'site.name': 'مارکیٹ پلیس',
  'site.productTitle': '{product} · {shop} · {site}',
  'site.storefrontTitle': '{shop} · {site}',
  'site.pageTitle': '{page} · {site}',
} satisfies Translations<typeof en>;
