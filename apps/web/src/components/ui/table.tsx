/** A table's column headings; `end` aligns a numeric column to the right. */
export function TableHead({ columns }: { columns: { label: string; end?: boolean; className?: string }[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-500">
        {columns.map((c) => (
          <th key={c.label} scope="col" className={`py-2 pr-4 font-medium last:pr-0 ${c.end ? 'text-right' : ''} ${c.className ?? ''}`}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
