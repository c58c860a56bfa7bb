import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/cart';

export default {
} satisfies Translations<typeof en>;
