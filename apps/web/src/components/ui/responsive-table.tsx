import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';

/**
 * The admin lists' one table: a table from `md` up, and below it one card per row (docs/architecture.md P2),
 * each field with its label and the row's actions as buttons at the card's foot, so a phone never scrolls a
 * table sideways nor lays a column over another. The same markup serves both (no second copy of the rows):
 * rows, cells and labels change their display with the breakpoint, and a cell's label is its column's
 * heading, shown before the value on a card (`data-label`, CSS generated content, so tests and the table
 * read the value alone). Build a list from `ResponsiveTable`, `CardRow`, `Cell`, `ActionsCell` and `StateRow`.
 */

export interface Column {
  label: string;
  /** A number: right-aligned in the table. */
  end?: boolean;
  /** Shown only from this breakpoint in the table (a card shows the field wherever its cell puts it). */
  from?: 'lg';
}

export function ResponsiveTable({
  columns,
  caption,
  children,
  busy,
  className = '',
  ...rest
}: {
  columns: Column[];
  /** The table's name for assistive technology (not shown). */
  caption?: string;
  children: ReactNode;
  busy?: boolean;
} & Omit<HTMLAttributes<HTMLTableElement>, 'children'>) {
  return (
    <div className={`md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white ${className}`}>
      <table className="block w-full text-left text-sm md:table" {...rest}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
          <tr>
            {columns.map((c, i) => (
              <th
                key={`${i}-${c.label}`}
                scope="col"
                className={`px-3 py-2 font-medium ${c.end ? 'text-right' : ''} ${c.from === 'lg' ? 'md:hidden lg:table-cell' : ''}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0" aria-busy={busy}>
          {children}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row: a card below `md` (white, bordered, its fields stacked, the `primary` one first), a table row from
 * `md` up; `selected` marks the one whose details show below the list.
 */
export function CardRow({
  className = '',
  selected = false,
  children,
  ...rest
}: HTMLAttributes<HTMLTableRowElement> & { selected?: boolean }) {
  const look = selected
    ? 'border-indigo-300 bg-indigo-50 md:border-slate-100 md:bg-indigo-50/60'
    : 'border-slate-200 bg-white md:border-slate-100 md:bg-transparent';
  return (
    <tr
      className={`flex flex-col rounded-xl border px-4 py-3 shadow-sm md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none ${look} ${className}`}
      {...rest}
    >
      {children}
    </tr>
  );
}

const cellBase = 'md:px-3 md:py-2';

/**
 * A field. On a card: its label (the column's heading) beside the value, or, for the `primary` field,
 * the value alone as the card's title. In the table: a plain cell (`end` right-aligns a number).
 */
export function Cell({
  label,
  primary,
  end,
  from,
  className = '',
  children,
  ...rest
}: {
  label?: string;
  primary?: boolean;
  end?: boolean;
  /** Only from this breakpoint in the table (the card shows it). */
  from?: 'lg';
} & TdHTMLAttributes<HTMLTableCellElement>) {
  // One display per breakpoint: a cell of the `lg` table only is hidden from md to lg.
  const table = `${end ? 'md:text-right md:tabular-nums' : ''} ${from === 'lg' ? 'md:hidden lg:table-cell' : 'md:table-cell'}`;
  if (primary || !label)
    return (
      <td className={`block pb-1 ${primary ? 'max-md:order-first' : ''} ${cellBase} ${table} ${className}`} {...rest}>
        {children}
      </td>
    );
  return (
    <td
      data-label={label}
      className={`grid grid-cols-[minmax(6rem,40%)_minmax(0,1fr)] items-baseline gap-x-3 py-1 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none ${cellBase} ${table} ${className}`}
      {...rest}
    >
      <div className="min-w-0 break-words">{children}</div>
    </td>
  );
}

/**
 * The row's actions: buttons across the foot of a card (wrapping, each a comfortable target for a finger),
 * at the end of the row in the table. `label` makes them a named group (`Actions for {name}`) where the
 * row's buttons alone would not say whose they are.
 */
export function ActionsCell({ label, children, className = '' }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <td className={`mt-2 block border-t border-slate-100 pt-2 md:mt-0 md:table-cell md:border-0 ${cellBase} md:text-right ${className}`}>
      <div
        role={label ? 'group' : undefined}
        aria-label={label}
        className="-mx-1 flex flex-wrap gap-1 max-md:[&>button]:min-h-10 md:mx-0 md:flex-nowrap md:justify-end md:whitespace-nowrap"
      >
        {children}
      </div>
    </td>
  );
}

/** A row that is no record (loading, empty, failed): the whole width of the table, a plain card below `md`. */
export function StateRow({ colSpan, children, className = '' }: { colSpan: number; children: ReactNode; className?: string }) {
  return (
    <tr className="block md:table-row">
      <td colSpan={colSpan} className={`block rounded-xl bg-white px-3 py-6 md:table-cell md:rounded-none ${className}`}>
        {children}
      </td>
    </tr>
  );
}
