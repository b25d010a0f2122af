import type { ReactNode } from 'react';

/** Tab buttons with the ARIA tabs pattern; the page owns which one is selected (e.g. in the URL). */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: { id: string; label: ReactNode }[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="mb-4 flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          role="tab"
          type="button"
          aria-selected={selected === tab.id}
          onClick={() => onSelect(tab.id)}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${selected === tab.id ? 'border-indigo-700 text-indigo-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
