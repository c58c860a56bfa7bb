import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/product';

export default {
} satisfies Translations<typeof en>;
