import { useEffect, type ReactNode } from 'react';

/**
 * Page frame: sets the document title and renders the heading (`heading` when the title needs more than
 * text, e.g. content shown in the other language with its mark; `title` stays the document's title).
 */
export function Page({
  title,
  heading,
  children,
  actions,
}: {
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Rewards Store`;
  }, [title]);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading ?? title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
