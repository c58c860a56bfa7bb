import { formatMoney } from '../../../shared/money';
import { useLanguage } from '../../i18n/language';
import * as styles from './amount.css';

/** An amount (minor units + currency) in the page's language, read left to right inside Urdu, kept on one line. */
export function Amount({ minor, currency }: { minor: number; currency: string }) {
  const language = useLanguage();
  return <bdi className={styles.amount}>{formatMoney(minor, currency, language)}</bdi>;
}
