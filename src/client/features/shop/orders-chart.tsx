import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, minorDigits } from '../../../shared/money';
import * as styles from './dashboard.css';

/** Orders (bars) and revenue (line) per day, last 30 days. Loaded lazily: recharts is large. */
export default function OrdersChart({
  series,
  currency,
}: {
  series: Array<{ day: string; orders: number; revenue: number }>;
  currency: string;
}) {
  const scale = 10 ** minorDigits(currency);
  const data = series.map((s) => ({ day: s.day.slice(5), orders: s.orders, revenue: s.revenue / scale }));
  return (
    <div className={styles.chartBox}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e6eb" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <YAxis yAxisId="revenue" orientation="right" tick={{ fontSize: 11 }} width={56} />
          <Tooltip
            formatter={(value, name) =>
              name === 'Revenue' ? [formatMoney(Math.round(Number(value) * scale), currency), name] : [String(value), name]
            }
          />
          <Bar yAxisId="orders" dataKey="orders" name="Orders" fill="#0d7a6f" radius={[4, 4, 0, 0]} maxBarSize={18} isAnimationActive={false} />
          <Line yAxisId="revenue" dataKey="revenue" name="Revenue" stroke="#e8590c" strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
