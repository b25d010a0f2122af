import { useEffect, type ReactNode } from 'react';

/** Page frame: sets the document title and renders the heading. */
export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Rewards Store`;
  }, [title]);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What a section that a later release fills shows today: its purpose, and no controls that do nothing. */
export function NotYetAvailable({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">{text}</p>;
}
