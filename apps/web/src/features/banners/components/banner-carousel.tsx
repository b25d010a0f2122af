import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { srcSet, variantUrl } from '@/lib/images';
import { useContent } from '@/components/ui/localized';
import { useBanners } from '../api/get-banners';

const ROTATE_MS = 7000;

/**
 * The store's active banners; rotates, pauses on hover or focus, and can be driven by its dots. Two thirds
 * of the page's width from lg up, beside the home's balance or welcome card (its `sizes`).
 */
export function BannerCarousel({ storeId }: { storeId: number | null | undefined }) {
  const { t } = useTranslation();
  const content = useContent();
  const banners = useBanners(storeId);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const list = banners.data?.data ?? [];
  useEffect(() => {
    if (paused || list.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, list.length]);
  if (banners.isPending) return <div className="aspect-[10/3] animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />;
  if (list.length === 0) return null;
  const current = list[index % list.length]!;
  // A picture's text in the other language says so with its `lang` (an alt text holds no mark).
  const title = content(current, 'title');
  return (
    <section
      className="relative overflow-hidden rounded-xl bg-slate-200"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <img
        src={variantUrl(current.picture, 1200)}
        srcSet={srcSet(current.picture)}
        sizes="(min-width: 1280px) 806px, (min-width: 1024px) 66vw, 100vw"
        alt={title.text}
        lang={title.fallback ? title.lang : undefined}
        width={1200}
        height={360}
        fetchPriority="high"
        className="aspect-[10/3] w-full object-cover"
      />
      {list.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-2">
          {list.map((b, i) => (
            <button
              key={b.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t('home.showBanner', { n: i + 1, title: content(b, 'title').text })}
              aria-current={i === index % list.length}
              className={`h-2.5 w-2.5 rounded-full ${i === index % list.length ? 'bg-white' : 'bg-white/50'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
