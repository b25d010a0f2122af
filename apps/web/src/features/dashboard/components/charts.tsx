import { Fragment, useLayoutEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';

/**
 * The dashboard's charts: HTML and CSS (grid, flex, percentages), no chart library. This module is
 * loaded on demand (lazy-charts.tsx) and imports nothing of the app, so the chunks the shop loads first
 * stay as they are. The charts are pictures of the tables next to them: the card hides them from
 * assistive technology, nothing in them is focusable, and the pointer tooltip is for the eye only.
 * Bars rise from their axis once (a scale animation, on the compositor), still when the reader prefers
 * reduced motion. Numbers come formatted by the caller (`format`).
 * Tailwind reads this file for class names: utilities the rest of the app has, inline styles otherwise
 * (the one stylesheet every page loads stays as it was, give or take a few small rules).
 */

/** Formats a number in the reader's language (Intl, lib/format.ts). */
type Format = (value: number) => string;

export interface ColoredRow {
  label: string;
  value: number;
  color: string;
}

/**
 * Whole ticks from 0 up to the first tick at or above `max`, at most `intervals` steps of 1, 2, 2.5 or
 * 5 times a power of ten (0, 2, 4, 6, 8 for 7; 0, 500, 1000, 1500 for 1234). Nothing above 0: [0, 1].
 */
export function niceTicks(max: number, intervals = 4): number[] {
  const top = Math.max(1, Number.isFinite(max) ? max : 0);
  const raw = top / Math.max(1, intervals);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw && Number.isInteger(s)) ?? 1;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

/** The most ticks (up to 5) whose labels, `size(tick)` px each, fit `length` px; length 0 (not measured yet): 5. */
export function fitTicks(max: number, length: number, size: (tick: number) => number): number[] {
  for (let intervals = 4; intervals > 1; intervals--) {
    const ticks = niceTicks(max, intervals);
    if (!length || length / (ticks.length - 1) >= Math.max(...ticks.map(size))) return ticks;
  }
  return niceTicks(max, 1);
}

/** Every how many of `count` category labels, `size` px wide, one is shown so none overlaps on `length` px. */
export function labelEvery(count: number, size: number, length: number): number {
  return length > 0 && count > 0 ? Math.max(1, Math.ceil(size / (length / count))) : 1;
}

/** A long label shortened to 18 characters at most (ellipsis included, no space before it). */
export const shorten = (text: string) => (text.length > 18 ? `${text.slice(0, 17).trimEnd()}…` : text);

/** Width of a 12 px label, on the safe side for wide sans fonts (DejaVu Sans): what decides spacing. */
const textWidth = (text: string) => text.length * 7;
const percent = (value: number, top: number) => `${(Math.max(0, value) / top) * 100}%`;
const cell = (column: number, row: number | string): CSSProperties => ({ gridColumn: column, gridRow: row });

/**
 * The chart's box: its inner size, measured before the first paint and again whenever it changes (0
 * until then); and, when it first shows, its bars (`data-rise`) rising from their axis (`axis`: the
 * direction of their length), unless the reader prefers reduced motion.
 */
function useChartBox<T extends HTMLElement>(axis: 'X' | 'Y') {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof el.animate === 'function' && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches)
      for (const bar of el.querySelectorAll('[data-rise]'))
        bar.animate([{ scale: axis === 'X' ? '0 1' : '1 0' }, { scale: '1' }], { duration: 500, easing: 'cubic-bezier(0, 0, 0.2, 1)' });
    const read = () =>
      setSize((s) => (s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [axis]);
  return [ref, size] as const;
}

interface Tip {
  index: number;
  x: number;
  y: number;
  /** The chart's size: the tooltip opens towards the larger room beside the pointer. */
  width: number;
  height: number;
}

/** The band (`data-index`) under the pointer; a touch keeps its tooltip until the next touch. */
function useTip() {
  const [tip, setTip] = useState<Tip | null>(null);
  const track = (e: PointerEvent<HTMLElement>) => {
    const band = e.target instanceof Element ? e.target.closest('[data-index]') : null;
    if (!band) return setTip(null);
    const box = e.currentTarget.getBoundingClientRect();
    setTip({
      index: Number(band.getAttribute('data-index')),
      x: e.clientX - box.left,
      y: e.clientY - box.top,
      width: box.width,
      height: box.height,
    });
  };
  const leave = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType !== 'touch') setTip(null);
  };
  return { tip, handlers: { onPointerMove: track, onPointerDown: track, onPointerLeave: leave } };
}

function Tooltip({
  tip,
  title,
  items,
  format,
}: {
  tip: Tip;
  title: string;
  items: { name: string; value: number; color: string }[];
  format: Format;
}) {
  const left = tip.x > tip.width / 2;
  const up = tip.y > tip.height / 2;
  return (
    <div
      className="pointer-events-none absolute top-0 left-0 z-20 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs text-slate-700 shadow-lg"
      style={{
        maxWidth: Math.max(144, (left ? tip.x : tip.width - tip.x) - 12),
        // 12 px from the pointer, towards the larger room (`translate`: Tailwind would read another word as a class).
        translate: `${left ? `calc(${tip.x - 12}px - 100%)` : `${tip.x + 12}px`} ${up ? `calc(${tip.y - 12}px - 100%)` : `${tip.y + 12}px`}`,
      }}
      data-testid="chart-tooltip"
    >
      <p className="mb-1 font-semibold break-words text-slate-900">{title}</p>
      {items.map((item) => (
        <p key={item.name} className="flex items-center gap-1.5 whitespace-nowrap">
          <span className="size-2.5 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} />
          {item.name}: <span className="font-medium text-slate-900 tabular-nums">{format(item.value)}</span>
        </p>
      ))}
    </div>
  );
}

/** Horizontal bars (StatusChart, RankingChart): labels on the left, values along the bottom. */
function HorizontalBars({
  rows,
  name,
  format,
  labelWidth,
  shortLabel = (label) => label,
}: {
  rows: ColoredRow[];
  name: string;
  format: Format;
  /** The widest the label column gets (px); narrower on a narrow chart. */
  labelWidth: number;
  shortLabel?: (label: string) => string;
}) {
  const [ref, { width }] = useChartBox<HTMLDivElement>('X');
  const { tip, handlers } = useTip();
  const max = Math.max(0, ...rows.map((r) => r.value));
  // The label column, the right margin (half the last tick label) and what is left for the bars.
  const labels = Math.min(width ? width * 0.4 : labelWidth, labelWidth);
  const pad = (ticks: number[]) => Math.ceil(textWidth(format(ticks[ticks.length - 1]!)) / 2) + 4;
  const guess = niceTicks(max);
  const plot = width - Math.min(labels, Math.max(0, ...rows.map((r) => textWidth(shortLabel(r.label))))) - 8 - pad(guess);
  const ticks = fitTicks(max, width && Math.max(1, plot), (t) => textWidth(format(t)) + 12);
  const top = ticks[ticks.length - 1]!;
  const n = rows.length;
  const active = tip && rows[tip.index];
  return (
    <div ref={ref} className="relative h-full text-xs text-slate-600 select-none" data-testid="chart-drawing" {...handlers}>
      <div
        className="grid h-full"
        style={{
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gridTemplateRows: `repeat(${n}, minmax(0, 1fr)) auto`,
          paddingRight: pad(ticks),
        }}
      >
        <div className="relative" style={cell(2, `1 / ${n + 1}`)}>
          {tip && <div className="absolute inset-x-0 bg-slate-100" style={{ top: `${(tip.index / n) * 100}%`, height: `${100 / n}%` }} />}
          {ticks.slice(1).map((t) => (
            <div key={t} className="absolute inset-y-0 border-l border-dashed border-slate-200" style={{ left: percent(t, top) }} />
          ))}
          <div className="absolute inset-y-0 left-0 w-px bg-slate-300" />
          <div className="absolute inset-x-0 bottom-0 h-px bg-slate-300" />
        </div>
        {rows.map((r, i) => (
          <Fragment key={i}>
            <div data-index={i} className="flex min-w-0 items-center justify-end pr-2" style={cell(1, i + 1)}>
              <span className="truncate" style={{ maxWidth: labels }} data-testid="chart-label">
                {shortLabel(r.label)}
              </span>
            </div>
            <div data-index={i} className="relative flex items-center" style={cell(2, i + 1)}>
              <div
                className="h-[22px] max-h-[80%] rounded-r-[4px]"
                style={{ width: percent(r.value, top), backgroundColor: r.color, transformOrigin: 'left' }}
                data-rise
                data-testid="chart-bar"
              />
            </div>
          </Fragment>
        ))}
        <div className="relative h-6 tabular-nums" style={cell(2, n + 1)}>
          {ticks.map((t) => (
            <span
              key={t}
              className="absolute top-1 whitespace-nowrap"
              style={{ left: percent(t, top), translate: '-50%' }}
              data-testid="chart-tick"
            >
              {format(t)}
            </span>
          ))}
        </div>
      </div>
      {tip && active && (
        <Tooltip tip={tip} title={active.label} items={[{ name, value: active.value, color: active.color }]} format={format} />
      )}
    </div>
  );
}

/** Horizontal bars, one color each (orders by status): every label stays readable on a phone. */
export function StatusChart({ rows, name, format }: { rows: ColoredRow[]; name: string; format: Format }) {
  return <HorizontalBars rows={rows} name={name} format={format} labelWidth={96} />;
}

/** Horizontal bars, largest first (top products, top recognitions); the tooltip has the whole label. */
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
  return <HorizontalBars rows={rows.map((r) => ({ ...r, color }))} name={name} format={format} labelWidth={128} shortLabel={shorten} />;
}

/** Stacked bars over time (points credited by loads and by challenges), the legend below. */
export function StackedChart({
  rows,
  series,
  format,
}: {
  rows: ({ label: string } & Record<string, number | string>)[];
  series: { key: string; name: string; color: string }[];
  format: Format;
}) {
  const [ref, { width, height }] = useChartBox<HTMLDivElement>('Y');
  const { tip, handlers } = useTip();
  const values = rows.map((r) => series.map((s) => Math.max(0, Number(r[s.key]) || 0)));
  const max = Math.max(0, ...values.map((v) => v.reduce((a, b) => a + b, 0)));
  // Plot: the grid less its top margin (8) and the label row (24); less the value labels and right margin.
  const ticks = fitTicks(max, height && Math.max(1, height - 32), () => 24);
  const top = ticks[ticks.length - 1]!;
  const plot = width - textWidth(format(top)) - 16;
  const every = labelEvery(rows.length, Math.max(0, ...rows.map((r) => textWidth(r.label))) + 8, plot);
  const n = rows.length;
  return (
    <div className="flex h-full flex-col text-xs text-slate-600 select-none" data-testid="chart-drawing">
      <div
        ref={ref}
        className="relative grid min-h-0 flex-1 pt-2 pr-2"
        style={{ gridTemplateColumns: 'auto minmax(0, 1fr)', gridTemplateRows: 'minmax(0, 1fr) auto' }}
        {...handlers}
      >
        <div className="-my-2 flex flex-col-reverse justify-between pr-2 text-right leading-4 tabular-nums" style={cell(1, 1)}>
          {ticks.map((t) => (
            <span key={t} data-testid="chart-tick">
              {format(t)}
            </span>
          ))}
        </div>
        <div className="relative" style={cell(2, 1)}>
          {tip && <div className="absolute inset-y-0 bg-slate-100" style={{ left: `${(tip.index / n) * 100}%`, width: `${100 / n}%` }} />}
          {ticks.slice(1).map((t) => (
            <div key={t} className="absolute inset-x-0 border-t border-dashed border-slate-200" style={{ bottom: percent(t, top) }} />
          ))}
          <div className="absolute inset-y-0 left-0 w-px bg-slate-300" />
          <div className="absolute inset-x-0 bottom-0 h-px bg-slate-300" />
          <div className="relative flex h-full">
            {values.map((v, i) => {
              const last = v.findLastIndex((x) => x > 0);
              return (
                <div
                  key={i}
                  data-index={i}
                  data-rise
                  className="flex h-full min-w-0 flex-1 flex-col-reverse items-center"
                  style={{ transformOrigin: 'bottom' }}
                >
                  {series.map((s, j) => (
                    <div
                      key={s.key}
                      className={`w-4/5 max-w-12 shrink-0 ${j === last ? 'rounded-t-[4px]' : ''}`}
                      style={{ height: percent(v[j]!, top), backgroundColor: s.color }}
                      data-testid="chart-bar"
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
        <div className="flex h-6 pt-1" style={cell(2, 2)}>
          {rows.map((r, i) => (
            <span key={i} className="flex min-w-0 flex-1 justify-center whitespace-nowrap" data-testid="chart-label">
              {i % every === 0 ? r.label : ''}
            </span>
          ))}
        </div>
        {tip && rows[tip.index] && (
          <Tooltip
            tip={tip}
            title={rows[tip.index]!.label}
            items={series.map((s, j) => ({ name: s.name, value: values[tip.index]![j]!, color: s.color }))}
            format={format}
          />
        )}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2" data-testid="chart-legend">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-[2px]" style={{ backgroundColor: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
