import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fitTicks, labelEvery, niceTicks, RankingChart, StackedChart, StatusChart } from './charts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const format = (n: number) => new Intl.NumberFormat('en-US').format(n);
const texts = (testId: string) => screen.queryAllByTestId(testId).map((e) => e.textContent);
const bars = () => screen.getAllByTestId('chart-bar');

describe('niceTicks', () => {
  it('counts from 0 in whole steps of 1, 2, 2.5 or 5 times a power of ten, up to the maximum or just past it', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(12)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(900)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(1234, 2)).toEqual([0, 1000, 2000]);
  });

  it('never goes past the intervals asked for, nor makes decimals', () => {
    for (const max of [0, 3, 7, 12, 99, 1234, 98_765]) {
      for (const intervals of [1, 2, 3, 4]) {
        const ticks = niceTicks(max, intervals);
        expect(ticks.length - 1).toBeLessThanOrEqual(intervals);
        expect(ticks.every(Number.isInteger)).toBe(true);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      }
    }
  });

  it('keeps fewer ticks when their labels would not fit, all of them before the chart is measured', () => {
    expect(fitTicks(1234, 0, () => 40)).toEqual([0, 500, 1000, 1500]);
    expect(fitTicks(1234, 400, () => 40)).toEqual([0, 500, 1000, 1500]);
    expect(fitTicks(1234, 100, () => 40)).toEqual([0, 1000, 2000]);
    expect(fitTicks(1234, 10, () => 40)).toEqual([0, 2000]);
  });

  it('shows one category label in so many when they would overlap', () => {
    expect(labelEvery(12, 50, 0)).toBe(1);
    expect(labelEvery(12, 50, 800)).toBe(1);
    expect(labelEvery(12, 50, 300)).toBe(2);
    expect(labelEvery(12, 50, 150)).toBe(4);
  });
});

describe('StatusChart', () => {
  const rows = [
    { label: 'Pendiente', value: 6, color: '#d97706' },
    { label: 'Completado', value: 3, color: '#059669' },
    { label: 'Cancelado', value: 0, color: '#e11d48' },
  ];

  it('draws one bar a row, as long as its value on an axis of formatted nice ticks', () => {
    render(<StatusChart rows={rows} name="Pedidos" format={(n) => `${n} u`} />);
    expect(texts('chart-label')).toEqual(['Pendiente', 'Completado', 'Cancelado']);
    expect(texts('chart-tick')).toEqual(['0 u', '2 u', '4 u', '6 u']);
    expect(bars().map((b) => b.style.width)).toEqual(['100%', '50%', '0%']);
    expect(bars().map((b) => b.style.backgroundColor)).toEqual(['rgb(217, 119, 6)', 'rgb(5, 150, 105)', 'rgb(225, 29, 72)']);
  });

  it('draws nothing but an axis from 0 to 1 when every row is 0', () => {
    const { container } = render(<StatusChart rows={rows.map((r) => ({ ...r, value: 0 }))} name="Pedidos" format={format} />);
    expect(texts('chart-tick')).toEqual(['0', '1']);
    expect(bars().map((b) => b.style.width)).toEqual(['0%', '0%', '0%']);
    expect(container.innerHTML).not.toMatch(/NaN|Infinity/);
  });

  it('shows the row under the pointer in a tooltip, gone when the pointer leaves', () => {
    render(<StatusChart rows={rows} name="Pedidos" format={format} />);
    const drawing = screen.getByTestId('chart-drawing');
    fireEvent.pointerMove(bars()[1]!, { clientX: 20, clientY: 20 });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('CompletadoPedidos: 3');
    fireEvent.pointerLeave(drawing, { pointerType: 'mouse' });
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('has nothing to focus', () => {
    const { container } = render(<StatusChart rows={rows} name="Pedidos" format={format} />);
    expect(container.querySelectorAll('button, a, input, [tabindex]')).toHaveLength(0);
  });
});

describe('RankingChart', () => {
  it('shortens long labels to 18 characters, in order, every bar in the given color', () => {
    const rows = [
      { label: 'Audífonos inalámbricos con estuche · Oficina Monterrey', value: 1234 },
      { label: 'Termo de acero 1 L · Oficina Monterrey', value: 617 },
    ];
    render(<RankingChart rows={rows} name="Unidades" color="#7c3aed" format={format} />);
    expect(texts('chart-label')).toEqual(['Audífonos inalámb…', 'Termo de acero 1…']);
    expect(texts('chart-tick')).toEqual(['0', '500', '1,000', '1,500']);
    const [first, second] = bars().map((b) => parseFloat(b.style.width));
    expect(first).toBeCloseTo((1234 / 1500) * 100);
    expect(second! / first!).toBeCloseTo(0.5);
    expect(new Set(bars().map((b) => b.style.backgroundColor))).toEqual(new Set(['rgb(124, 58, 237)']));
    // The tooltip has the whole label.
    fireEvent.pointerDown(screen.getAllByTestId('chart-label')[0]!, { pointerType: 'touch' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('Audífonos inalámbricos con estuche · Oficina Monterrey');
  });

  it('keeps two ticks on a narrow chart so their labels do not overlap', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(160);
    render(<RankingChart rows={[{ label: 'Termo', value: 98_765 }]} name="Unidades" color="#7c3aed" format={format} />);
    expect(texts('chart-tick')).toEqual(['0', '100,000']);
  });
});

describe('StackedChart', () => {
  const series = [
    { key: 'load', name: 'Cargas', color: '#4f46e5' },
    { key: 'challenge', name: 'Retos', color: '#d97706' },
  ];
  const months = ['ene 25', 'feb 25', 'mar 25', 'abr 25', 'may 25', 'jun 25', 'jul 25', 'ago 25', 'sept 25', 'oct 25', 'nov 25', 'dic 25'];

  it('stacks the series of each period on a formatted axis, with a legend', () => {
    const rows = [
      { label: 'ene 25', load: 400, challenge: 200 },
      { label: 'feb 25', load: 1000, challenge: 0 },
      { label: 'mar 25', load: 0, challenge: 0 },
    ];
    const { container } = render(<StackedChart rows={rows} series={series} format={format} />);
    expect(texts('chart-tick')).toEqual(['0', '250', '500', '750', '1,000']);
    expect(screen.getByTestId('chart-legend').textContent).toBe('CargasRetos');
    const legend = screen.getAllByRole('listitem', { hidden: true });
    expect(legend.map((li) => (li.firstElementChild as HTMLElement).style.backgroundColor)).toEqual([
      'rgb(79, 70, 229)',
      'rgb(217, 119, 6)',
    ]);
    expect(bars().map((b) => b.style.height)).toEqual(['40%', '20%', '100%', '0%', '0%', '0%']);
    // The top of each stack is rounded, whichever series it is.
    expect(bars().map((b) => b.className.includes('rounded-t'))).toEqual([false, true, true, false, false, false]);
    expect(texts('chart-label')).toEqual(['ene 25', 'feb 25', 'mar 25']);
    expect(container.innerHTML).not.toMatch(/NaN|Infinity/);
  });

  it('shows every period in its tooltip, every series with its value', () => {
    render(<StackedChart rows={[{ label: 'ene 25', load: 400, challenge: 1200 }]} series={series} format={format} />);
    fireEvent.pointerMove(bars()[0]!, { clientX: 5, clientY: 5 });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('ene 25Cargas: 400Retos: 1,200');
  });

  it('skips period labels on a narrow chart, all of them on a wide one', () => {
    const rows = months.map((label) => ({ label, load: 10, challenge: 5 }));
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(220);
    render(<StackedChart rows={rows} series={series} format={format} />);
    const shown = texts('chart-label').filter(Boolean);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(months.length);
    expect(shown[0]).toBe('ene 25');
    cleanup();
    width.mockReturnValue(1200);
    render(<StackedChart rows={rows} series={series} format={format} />);
    expect(texts('chart-label')).toEqual(months);
  });

  it('draws all-zero periods without NaN', () => {
    const { container } = render(<StackedChart rows={[{ label: 'ene 25', load: 0, challenge: 0 }]} series={series} format={format} />);
    expect(texts('chart-tick')).toEqual(['0', '1']);
    expect(bars().map((b) => b.style.height)).toEqual(['0%', '0%']);
    expect(container.innerHTML).not.toMatch(/NaN|Infinity/);
  });
});
