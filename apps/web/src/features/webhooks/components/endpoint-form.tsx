import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { eventTypes, type WebhookEndpoint, type WebhookEndpointWithSecret, type WebhookEventType } from '../api/types';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/webhooks';
import { webhookErrorText } from './texts';

/**
 * A new endpoint, or an endpoint's changes: its URL, a description, the events as checkboxes, whether it is
 * active and, when new, its store (or every store, for super administrators). The server checks the URL
 * (https, never a private address) and answers why it refuses one, shown under the field.
 */
export function EndpointForm({
  endpoint,
  stores,
  allStores,
  onCreated,
  onSaved,
  onCancel,
}: {
  endpoint?: WebhookEndpoint;
  stores: { id: number; title: string }[];
  allStores: boolean;
  onCreated: (e: WebhookEndpointWithSecret) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [store, setStore] = useState<string>(
    endpoint ? String(endpoint.storeId ?? 'all') : String(stores[0]?.id ?? (allStores ? 'all' : '')),
  );
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const busy = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) problems.url = t('form.urlInvalid');
    if (events.length === 0) problems.events = t('form.eventsRequired');
    setErrors(problems);
    if (problems.url || problems.events) return;
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, url: url.trim(), description: description.trim(), events, active });
        onSaved();
      } else {
        onCreated(
          await create.mutateAsync({
            storeId: store === 'all' ? null : Number(store),
            url: url.trim(),
            description: description.trim(),
            events,
            active,
          }),
        );
      }
    } catch (err) {
      const text = webhookErrorText(t, err);
      const onUrl =
        err instanceof ApiError &&
        (err.code === 'WEBHOOK_URL_NOT_HTTPS' || err.code === 'WEBHOOK_URL_PRIVATE' || err.code === 'VALIDATION_FAILED');
      setErrors(onUrl ? { url: text } : { form: text });
    }
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((now) => (on ? eventTypes.filter((x) => x === type || now.includes(x)) : now.filter((x) => x !== type)));

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="webhook-form">
      <Field label={t('form.url')} error={errors.url} hint={t('form.urlHint')}>
        <input
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          autoComplete="off"
          spellCheck={false}
          data-testid="webhook-url"
        />
      </Field>
      <Field label={t('form.description')}>
        <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} data-testid="webhook-description" />
      </Field>
      {!endpoint && (
        <Field label={t('form.store')}>
          <select value={store} onChange={(e) => setStore(e.target.value)} data-testid="webhook-store">
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
            {allStores && <option value="all">{t('allStores')}</option>}
          </select>
        </Field>
      )}
      <fieldset className="space-y-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('form.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                data-testid={`webhook-event-${type}`}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`events.${type.replace('.', '_')}`)}</span>
                <span className="block font-mono text-xs text-slate-600">{type}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="webhook-events-error" role="alert" className="text-xs font-medium text-rose-700">
            {errors.events}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="webhook-active" />
        {t('form.active')}
      </label>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="webhook-save">
          {endpoint ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
