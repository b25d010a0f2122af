import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ActiveFilter, FilterSelect, SearchForm } from './list-toolbar';
import { useListFilters, type ListFilters } from './use-list-filters';

afterEach(cleanup);

type Filters = ListFilters & { active?: boolean };

/** A list's toolbar as the panels build it; shows the applied filters. */
function Toolbar() {
  const list = useListFilters<Filters>({ page: 1 });
  return (
    <>
      <SearchForm id="thing-search" label="Buscar cosas" button="Buscar" {...list.search} />
      <ActiveFilter
        label="Estado"
        any="Cualquier estado"
        active="Activo"
        inactive="Inactivo"
        value={list.filters.active}
        onChange={(active) => list.set({ active })}
      />
      <button type="button" onClick={() => list.setPage(3)}>
        page 3
      </button>
      <button type="button" onClick={list.reset}>
        reset
      </button>
      <output data-testid="filters">{JSON.stringify(list.filters)}</output>
      <output data-testid="filtered">{String(list.filtered)}</output>
    </>
  );
}

const applied = () => JSON.parse(screen.getByTestId('filters').textContent!) as Filters;
const box = () => screen.getByRole('searchbox', { name: 'Buscar cosas' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));

describe('SearchForm with useListFilters', () => {
  it('applies the trimmed text on submit, back on page 1', () => {
    render(<Toolbar />);
    fireEvent.click(screen.getByRole('button', { name: 'page 3' }));
    fireEvent.change(box(), { target: { value: '  café molido ' } });
    expect(applied()).toEqual({ page: 3 });
    submit();
    expect(applied()).toEqual({ page: 1, search: 'café molido' });
    expect(screen.getByTestId('filtered').textContent).toBe('true');
    expect(box()).toHaveProperty('id', 'thing-search');
    expect(box()).toHaveProperty('placeholder', 'Buscar cosas');
  });

  it('clears the search when the box is empty or blank', () => {
    render(<Toolbar />);
    fireEvent.change(box(), { target: { value: 'café' } });
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'page 3' }));
    fireEvent.change(box(), { target: { value: '   ' } });
    submit();
    expect(applied()).toEqual({ page: 1, search: undefined });
    expect(screen.getByTestId('filtered').textContent).toBe('false');
  });

  it('calls onSearch with the trimmed text, or undefined', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchForm id="s" label="Buscar" button="Ir" draft=" ana " onDraftChange={vi.fn()} onSearch={onSearch} />);
    fireEvent.submit(screen.getByRole('search'));
    rerender(<SearchForm id="s" label="Buscar" button="Ir" draft="" onDraftChange={vi.fn()} onSearch={onSearch} />);
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch.mock.calls).toEqual([['ana'], [undefined]]);
  });

  it('reset empties the box and the filters', () => {
    render(<Toolbar />);
    fireEvent.change(box(), { target: { value: 'ana' } });
    submit();
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(applied()).toEqual({ page: 1 });
    expect(box()).toHaveProperty('value', '');
    expect(screen.getByTestId('filtered').textContent).toBe('false');
  });
});

describe('ActiveFilter', () => {
  it("maps '' to any, 'true' and 'false' to the booleans, and goes back to page 1", () => {
    render(<Toolbar />);
    const select = screen.getByLabelText('Estado') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Cualquier estado'],
      ['true', 'Activo'],
      ['false', 'Inactivo'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'page 3' }));
    fireEvent.change(select, { target: { value: 'true' } });
    expect(applied()).toEqual({ page: 1, active: true });
    fireEvent.change(select, { target: { value: 'false' } });
    expect(applied()).toEqual({ page: 1, active: false });
    expect(select.value).toBe('false');
    fireEvent.change(select, { target: { value: '' } });
    expect(applied()).toEqual({ page: 1, active: undefined });
    expect(screen.getByTestId('filtered').textContent).toBe('false');
  });

  it('shows the value it is given', () => {
    render(<ActiveFilter label="Estado" any="Todos" active="Activo" inactive="Inactivo" value={true} onChange={vi.fn()} />);
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('true');
  });
});

describe('FilterSelect', () => {
  it('keeps the id and test id it is given, with a visible label linked to it', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="store-status"
        label="Estado"
        labelPlacement="beside"
        value="all"
        onChange={onChange}
        data-testid="store-status-filter"
      >
        <option value="all">Todas</option>
        <option value="inactive">Inactivas</option>
      </FilterSelect>,
    );
    const select = screen.getByTestId('store-status-filter');
    expect(screen.getByText('Estado').tagName).toBe('LABEL');
    expect(screen.getByLabelText('Estado')).toBe(select);
    expect(select.id).toBe('store-status');
    fireEvent.change(select, { target: { value: 'inactive' } });
    expect(onChange).toHaveBeenCalledWith('inactive');
  });

  it('labels the select for screen readers only by default', () => {
    render(
      <FilterSelect label="Categoría" value="" onChange={vi.fn()}>
        <option value="">Todas</option>
      </FilterSelect>,
    );
    expect(screen.getByText('Categoría').className).toBe('sr-only');
    expect(screen.getByLabelText('Categoría').tagName).toBe('SELECT');
  });
});
