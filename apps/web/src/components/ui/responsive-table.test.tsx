import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from './responsive-table';

afterEach(cleanup);

function List({ rows }: { rows: { id: number; name: string; stock: number }[] }) {
  return (
    <ResponsiveTable
      columns={[{ label: 'Nombre' }, { label: 'Stock', end: true }, { label: 'Acciones', end: true }]}
      caption="Productos"
      busy={false}
    >
      {rows.length === 0 && <StateRow colSpan={3}>Nada todavía</StateRow>}
      {rows.map((r) => (
        <CardRow key={r.id} data-testid="row">
          <Cell primary>{r.name}</Cell>
          <Cell label="Stock" end>
            {r.stock}
          </Cell>
          <ActionsCell label={`Acciones de ${r.name}`}>
            <button type="button">Editar</button>
            <button type="button">Eliminar</button>
          </ActionsCell>
        </CardRow>
      ))}
    </ResponsiveTable>
  );
}

describe('ResponsiveTable', () => {
  it('is one table: headings, a row per record, the values alone in the cells', () => {
    render(<List rows={[{ id: 1, name: 'Termo', stock: 3 }]} />);
    const table = screen.getByRole('table', { name: 'Productos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'Stock', 'Acciones']);
    const row = screen.getByTestId('row');
    // The card's label is the column's heading, as an attribute its CSS shows before the value: the text is the value.
    const stock = within(row).getByText('3').closest('td')!;
    expect(stock.dataset.label).toBe('Stock');
    expect(stock.textContent).toBe('3');
    expect(within(row).getByText('Termo').closest('td')!.dataset.label).toBeUndefined();
  });

  it('gives the row its actions as a named group of buttons', () => {
    render(<List rows={[{ id: 1, name: 'Termo', stock: 3 }]} />);
    const group = screen.getByRole('group', { name: 'Acciones de Termo' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Editar', 'Eliminar']);
  });

  it('says so across the whole width when there is nothing', () => {
    render(<List rows={[]} />);
    const cell = screen.getByText('Nada todavía').closest('td')!;
    expect(cell.colSpan).toBe(3);
  });
});
