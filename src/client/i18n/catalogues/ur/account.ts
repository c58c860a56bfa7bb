import type { Translations } from '../../../../shared/i18n/translator';
import type en from '../en/account';

export default {
} satisfies Translations<typeof en>;
