import { useState, type ReactNode } from 'react';
import type { SavedPlace } from '@rewards/shared/places';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useErrorText } from '@/lib/error-text';
import { browserTimeZone, formatDateTime, formatTimeOfDay } from '@/lib/format';
import { askPosition, type PositionFailure } from '@/lib/geolocation';
import { toast } from '@/lib/toast';
import { useForgetPosition } from '../api/forget-position';
import { useSavePosition } from '../api/save-position';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * My location (docs/decisions/0029-offline-reverse-geocoding.md): the place of the user's saved position
 * (country, continent, time zone, the time there now), saving the browser's current position, and
 * forgetting it after a confirmation. Dates across the site show in this time zone, else the browser's.
 */
export function PlacePanel({ place, now = new Date() }: { place: SavedPlace | null; now?: Date }) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const save = useSavePosition();
  const forget = useForgetPosition();
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<PositionFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const busy = locating || save.isPending;

  async function locateMe() {
    setFailure(null);
    save.reset();
    setLocating(true);
    const position = await askPosition();
    setLocating(false);
    if (typeof position === 'string') return setFailure(position);
    save.mutate({ latitude: position.lat, longitude: position.long }, { onSuccess: () => toast.success(t('place.saved')) });
  }

  function confirmForget() {
    forget.mutate(undefined, {
      onSuccess: () => toast.success(t('place.forgotten')),
      onError: (err) => toast.error(errorText(err)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <section
      className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="place-title"
      data-testid="place-panel"
    >
      <h2 id="place-title" className="text-lg font-semibold text-slate-900">
        {t('place.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('place.help')}</p>

      {place ? (
        <dl className="mt-4 divide-y divide-slate-100">
          <Row label={t('place.country')} testId="place-country">
            {place.countryName ? (
              <>
                {place.countryName[lang]} <span className="text-slate-500">({place.countryCode})</span>
              </>
            ) : (
              <span className="text-slate-600" data-testid="place-no-country">
                {t('place.noCountry')}
              </span>
            )}
          </Row>
          <Row label={t('place.continent')} testId="place-continent">
            {place.continentName ? place.continentName[lang] : <span className="text-slate-600">—</span>}
          </Row>
          <Row label={t('place.timeZone')} testId="place-time-zone">
            {place.timeZone}
          </Row>
          <Row label={t('place.localTime')} testId="place-local-time">
            {formatTimeOfDay(now, place.timeZone)}
          </Row>
          <Row label={t('place.coordinates')}>
            <span className="tabular-nums">
              {place.latitude.toFixed(4)}, {place.longitude.toFixed(4)}
            </span>
          </Row>
          <Row label={t('place.savedAt')} testId="place-saved-at">
            {formatDateTime(place.locatedAt, place.timeZone)}
          </Row>
        </dl>
      ) : (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center" data-testid="place-empty">
          <p className="font-medium text-slate-900">{t('place.empty.title')}</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('place.empty.text', { zone: browserTimeZone() })}</p>
        </div>
      )}

      {failure && (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="place-failure">
          {t(`place.failure.${failure}`)}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="mt-4 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="place-error">
          {errorText(save.error)}
        </p>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        <Button onClick={() => void locateMe()} disabled={busy} aria-busy={busy}>
          {busy ? t('place.locating') : place ? t('place.update') : t('place.use')}
        </Button>
        {place && (
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy || forget.isPending}>
            {t('place.forget')}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('place.forgetTitle')}
        message={t('place.forgetMessage')}
        confirmLabel={t('place.forget')}
        busy={forget.isPending}
        onConfirm={confirmForget}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
