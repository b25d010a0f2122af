export function Logo({ suffix, compact = false, light = false }: { suffix?: string; compact?: boolean; light?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold ${light ? 'text-white' : 'text-indigo-800'}`}>
      <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path d="M32 12l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#fbbf24" />
      </svg>
      <span className={`text-lg leading-none ${compact ? 'hidden lg:inline' : ''}`}>
        Rewards Store{suffix ? <span className="ml-1 font-medium text-slate-500">{suffix}</span> : null}
      </span>
    </span>
  );
}
