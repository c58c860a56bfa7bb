import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/shop';

export default {
} satisfies Translations<typeof en>;
