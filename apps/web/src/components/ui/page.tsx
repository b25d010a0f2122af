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
