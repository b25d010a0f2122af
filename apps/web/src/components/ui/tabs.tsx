import type { ReactNode } from 'react';
import { moveFocus, ScrollRow } from './scroll-row';

/**
 * Tab buttons with the ARIA tabs pattern; the page owns which one is selected (e.g. in the URL). The arrow
 * keys (Home, End) select the next tab, as the pattern has it, and only the selected tab is in the Tab
 * order. On a narrow screen the row scrolls, shows that it does, and keeps the selected tab in view.
 */
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
    <ScrollRow
      role="tablist"
      aria-label={label}
      activeKey={selected}
      className="mb-4"
      // The baseline under the tabs, drawn inside the row: a scrolling row would clip a border the tabs overlap.
      rowClassName="gap-1 shadow-[inset_0_-1px_0_var(--color-slate-200)]"
      onKeyDown={(event) => {
        const tab = moveFocus(event, '[role="tab"]');
        if (tab?.dataset.id && tab.dataset.id !== selected) onSelect(tab.dataset.id);
      }}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          role="tab"
          type="button"
          aria-selected={selected === tab.id}
          tabIndex={selected === tab.id ? 0 : -1}
          data-id={tab.id}
          onClick={() => onSelect(tab.id)}
          className={`shrink-0 border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${selected === tab.id ? 'border-indigo-700 text-indigo-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {tab.label}
        </button>
      ))}
    </ScrollRow>
  );
}
