import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The dashboard's charts (recharts). This module is loaded on demand (lazy-charts.tsx): recharts is a
 * chunk of its own that neither the shop nor the rest of the admin area downloads. The charts are
 * pictures of the tables next to them: hidden from assistive technology, never focusable
 * (no accessibility layer), and still when the reader prefers reduced motion.
 * Children are plain elements, never fragments (recharts reads fragments with its own react-is).
 * Numbers come formatted by the caller (`format`): this module imports nothing of the app, so the
 * chunks the shop loads first stay as they are.
 */

const animate = typeof window !== 'undefined' && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const axisTick = { fontSize: 12, fill: '#475569' };
/** Formats a number in the reader's language (Intl, lib/format.ts). */
type Format = (value: number) => string;

export interface ColoredRow {
  label: string;
  value: number;
  color: string;
}

/** Horizontal bars, one color each (orders by status): every label stays readable on a phone. */
export function StatusChart({ rows, name, format }: { rows: ColoredRow[]; name: string; format: Format }) {
  const number = (v: unknown) => format(Number(v));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} tickFormatter={number} />
        <YAxis type="category" dataKey="label" tick={axisTick} width={96} tickLine={false} />
        <Tooltip formatter={number} cursor={{ fill: '#f1f5f9' }} />
        <Bar dataKey="value" name={name} isAnimationActive={animate} radius={[0, 4, 4, 0]} barSize={22}>
          {rows.map((r) => (
            <Cell key={r.label} fill={r.color} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Stacked bars over time (points credited by loads and by challenges). */
export function StackedChart({
  rows,
  series,
  format,
}: {
  rows: ({ label: string } & Record<string, number | string>)[];
  series: { key: string; name: string; color: string }[];
  format: Format;
}) {
  const number = (v: unknown) => format(Number(v));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={4} />
        <YAxis allowDecimals={false} tick={axisTick} tickFormatter={number} width={56} />
        <Tooltip formatter={number} cursor={{ fill: '#f1f5f9' }} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="credits"
            fill={s.color}
            isAnimationActive={animate}
            radius={i === series.length - 1 ? [4, 4, 0, 0] : undefined}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

const shorten = (text: string) => (text.length > 18 ? `${text.slice(0, 17)}…` : text);

/** Horizontal bars, largest first (top products, top recognitions). */
export function RankingChart({
  rows,
  name,
  color,
  format,
}: {
  rows: { label: string; value: number }[];
  name: string;
  color: string;
  format: Format;
}) {
  const number = (v: unknown) => format(Number(v));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} tickFormatter={number} />
        <YAxis type="category" dataKey="label" tick={axisTick} tickFormatter={shorten} width={128} tickLine={false} />
        <Tooltip formatter={number} cursor={{ fill: '#f1f5f9' }} />
        <Bar dataKey="value" name={name} fill={color} isAnimationActive={animate} radius={[0, 4, 4, 0]} barSize={22} />
      </BarChart>
    </ResponsiveContainer>
  );
}
