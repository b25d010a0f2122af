import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Localized, useContent } from '@/components/ui/localized';
import { formatDateTime, formatPoints } from '@/lib/format';
import { Button } from '@/components/ui/button';
import type { Person, Recognition } from '../api/types';
import { celebrationIcons, celebrationText, isCelebration } from '../rules';
import { openGive } from './give-launcher';
import { PersonAvatar } from './person-avatar';
import { ReactionsBar } from './reactions-bar';

/**
 * A person in a recognition: photo, name and office. A colleague is a button that opens the give dialog
 * with them chosen; the reader is not.
 */
function PersonChip({ person, readerId, strong = false }: { person: Person; readerId: number; strong?: boolean }) {
  const { t } = useTranslation('peer');
  const inner = (
    <>
      <PersonAvatar person={person} />
      <span className="min-w-0 text-left">
        <span className={`block truncate text-sm ${strong ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}>
          {person.name}
        </span>
        {person.office && <span className="block truncate text-xs text-slate-500">{person.office}</span>}
      </span>
    </>
  );
  if (person.id === readerId) return <span className="flex min-w-0 items-center gap-2">{inner}</span>;
  return (
    <button
      type="button"
      onClick={() => openGive([person])}
      title={t('card.giveTo', { name: person.name })}
      aria-label={t('card.giveTo', { name: person.name })}
      className="flex min-w-0 items-center gap-2 rounded-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      data-testid="person-chip"
    >
      {inner}
    </button>
  );
}

/**
 * One recognition of the feed (docs/architecture.md A6.16): who gave to whom, the points (each and in all),
 * the message, the values in the reader's language, the points others added, the latest comments with a
 * link to all of them, and the reactions. `full` on its own page: every comment, no link. A celebration
 * (no giver, A6.17) says what is celebrated and whose it is, its points are the company's, it takes no
 * add-ons, and its "Give points" opens the give dialog for that person; comments and reactions as any item.
 */
export function RecognitionCard({ item, readerId, full = false }: { item: Recognition; readerId: number; full?: boolean }) {
  const { t } = useTranslation('peer');
  const content = useContent();
  const link = `/recognition/${item.id}`;
  const celebration = isCelebration(item);
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`rec-${item.id}`}
      data-testid="recognition"
    >
      {celebration ? (
        <CelebrationHeader item={item} readerId={readerId} />
      ) : (
        <header className="mb-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start sm:gap-x-3">
          <h3 id={`rec-${item.id}`} className="sr-only">
            {t('card.heading', { giver: item.giver?.name ?? '', names: item.recipients.map((p) => p.name).join(', ') })}
          </h3>
          {item.giver && <PersonChip person={item.giver} readerId={readerId} strong />}
          <div className="flex min-w-0 items-start gap-2 sm:gap-3">
            <span className="mt-1.5 text-slate-400" aria-hidden="true">
              →
            </span>
            <ul className="flex min-w-0 flex-wrap gap-x-3 gap-y-2" aria-label={t('card.recipients')}>
              {item.recipients.map((p) => (
                <li key={p.id} className="min-w-0">
                  <PersonChip person={p} readerId={readerId} />
                </li>
              ))}
            </ul>
          </div>
        </header>
      )}
      <p className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {celebration ? (
          item.points > 0 && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900" data-testid="recognition-points">
              {t('celebration.points', { points: formatPoints(item.points) })}
            </span>
          )
        ) : (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900" data-testid="recognition-points">
            {item.recipients.length > 1
              ? t('card.pointsEach', { points: formatPoints(item.points) })
              : t('card.points', { points: formatPoints(item.points) })}
          </span>
        )}
        {item.recipients.length > 1 || item.totalPoints !== item.points ? (
          <span className="text-slate-600" data-testid="recognition-total">
            {t('card.total', { points: formatPoints(item.totalPoints) })}
          </span>
        ) : null}
        {item.private && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('card.private')}</span>
        )}
        <Link to={link} className="ml-auto text-xs text-slate-500 hover:underline">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </Link>
      </p>
      {item.message && (
        <p className="mb-3 text-[0.95rem] break-words whitespace-pre-line text-slate-900" data-testid="recognition-message">
          {item.message}
        </p>
      )}
      {item.values.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-1.5" aria-label={t('card.values')}>
          {item.values.map((v) => (
            <li
              key={v.id}
              className="inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium text-slate-800"
              style={{ borderColor: v.color ?? undefined, backgroundColor: v.color ? `${v.color}1a` : undefined }}
            >
              {v.emoji && <span aria-hidden="true">{v.emoji}</span>}
              <Localized value={content(v, 'name')} />
            </li>
          ))}
        </ul>
      )}
      {item.addons.length > 0 && (
        <ul
          className="mb-3 space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm"
          aria-label={t('card.addons')}
          data-testid="recognition-addons"
        >
          {item.addons.map((a) => (
            <li key={a.id} className="text-slate-800">
              <span className="font-semibold text-amber-900">+{formatPoints(a.points)}</span> {t('card.addonBy', { name: a.giver.name })}
              {a.message ? <span className="text-slate-700">: {a.message}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <ReactionsBar item={item} />
      <section className="mt-3 border-t border-slate-100 pt-3" aria-label={t('card.comments')}>
        {item.comments.length > 0 && (
          <ul className="space-y-2" data-testid="recognition-comments">
            {item.comments.map((c) => (
              <li key={c.id} className="flex gap-2 text-sm">
                <PersonAvatar person={c.author} />
                <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-1.5">
                  <p className="text-xs font-semibold text-slate-900">
                    {c.author.name} <span className="font-normal text-slate-500">· {formatDateTime(c.createdAt)}</span>
                  </p>
                  <p className="break-words whitespace-pre-line text-slate-800">{c.message}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {!full && (
          <Link to={link} className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline" data-testid="recognition-link">
            {item.commentCount > item.comments.length
              ? t('card.seeAll', { count: item.commentCount })
              : item.commentCount > 0
                ? t('card.open')
                : t('card.comment')}
          </Link>
        )}
      </section>
    </article>
  );
}

/**
 * A celebration's head: the kind's icon, its words with the person's name ("Happy birthday, Ana"), the
 * person's photo and office, and "Give points" for that person (not for the person themselves).
 */
function CelebrationHeader({ item, readerId }: { item: Recognition; readerId: number }) {
  const { t } = useTranslation('peer');
  const person = item.recipients[0];
  const text = celebrationText(t, item);
  return (
    <header className="mb-3 flex flex-wrap items-center gap-3" data-testid="celebration">
      <span
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xl"
        aria-hidden="true"
        data-testid="celebration-kind"
        data-kind={item.kind}
      >
        {celebrationIcons[item.kind]}
      </span>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {person && <PersonAvatar person={person} />}
        <div className="min-w-0">
          <h3 id={`rec-${item.id}`} className="text-base font-semibold break-words text-slate-900" data-testid="celebration-text">
            {text}
          </h3>
          {person?.office && <p className="truncate text-xs text-slate-500">{person.office}</p>}
        </div>
      </div>
      {person && person.id !== readerId && (
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => openGive([person])}
          aria-label={t('celebration.giveTo', { name: person.name })}
          data-testid="celebration-give"
        >
          {t('celebration.give')}
        </Button>
      )}
    </header>
  );
}

/** A recognition's place while the feed loads: the same frame, lines where its texts go. */
export function RecognitionSkeleton() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" aria-hidden="true" data-testid="recognition-skeleton">
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <span className="flex items-center gap-2">
          <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
          <span className="h-4 w-28 animate-pulse rounded bg-slate-200" />
        </span>
        <span className="flex items-center gap-2">
          <span className="text-slate-300">→</span>
          <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
          <span className="h-4 w-24 animate-pulse rounded bg-slate-200" />
        </span>
      </div>
      <div className="mb-2 h-6 w-32 animate-pulse rounded-full bg-slate-100" />
      <div className="mb-1.5 h-4 w-full animate-pulse rounded bg-slate-100" />
      <div className="mb-3 h-4 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="flex gap-1">
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="h-8 w-11 animate-pulse rounded-full bg-slate-100" />
        ))}
      </div>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <span className="block h-5 w-24 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}
