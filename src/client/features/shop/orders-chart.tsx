import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, minorDigits } from '../../../shared/money';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './dashboard.css';

const LINE_COLORS = ['#e8590c', '#5f3dc4', '#1864ab', '#2b8a3e'];

/**
 * Orders (bars) and revenue (one line per currency) per day, last 30 days. Loaded lazily: recharts
 * is large.
 */
export default function OrdersChart({
  series,
  currencies,
}: {
  series: Array<{ day: string; orders: number; revenue: Record<string, number> }>;
  /** The currencies with revenue, the shop's own first. */
  currencies: string[];
}) {
  const t = useT(shop);
  const language = useLanguage();
  const lineName = (currency: string) => (currencies.length > 1 ? t('shop.chart.revenueIn', { currency }) : t('shop.chart.revenue'));
  const data = series.map((s) => ({
    day: s.day.slice(5),
    orders: s.orders,
    ...Object.fromEntries(currencies.map((c) => [c, (s.revenue[c] ?? 0) / 10 ** minorDigits(c)])),
  }));
  return (
    <div className={styles.chartBox}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6eb" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <YAxis yAxisId="revenue" orientation="right" tick={{ fontSize: 11 }} width={56} />
          <Tooltip
            formatter={(value, name, item) => {
              const currency = currencies.find((c) => c === item.dataKey);
              return currency ? [formatMoney(Math.round(Number(value) * 10 ** minorDigits(currency)), currency, language), name] : [String(value), name];
            }}
          />
          <Bar yAxisId="orders" dataKey="orders" name={t('shop.chart.orders')} fill="#0d7a6f" radius={[4, 4, 0, 0]} maxBarSize={18} isAnimationActive={false} />
          {currencies.map((currency, i) => (
            <Line
              key={currency}
              yAxisId="revenue"
              dataKey={currency}
              name={lineName(currency)}
              stroke={LINE_COLORS[i % LINE_COLORS.length]}
              strokeWidth={2}
              dot={false}
              type="monotone"
              isAnimationActive={false}
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
