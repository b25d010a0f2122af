import type { Language } from '@rewards/shared/enums';
import { CHOOSE_AN_OPTION, INVALID_POSTAL_CODE, profileBounds } from '@rewards/shared/profile-rules';
import type { ProfileForm, CatalogOption, ContactOption, ProfileFormInput, UserPreferences } from '@rewards/shared/profile';
import type { Store } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { applyServerErrors } from '@/lib/form-errors';
import { useSchemaForm } from '@/lib/schema-form';
import { toast } from '@/lib/toast';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useActiveStores } from '../api/get-active-stores';
import { useContactPreferences } from '../api/get-contact-preferences';
import { useProfileCategories } from '../api/get-profile-categories';
import { useSaveProfile } from '../api/save-profile';

const fields = [
  'city',
  'postalCode',
  'state',
  'address',
  'preferredContact',
  'preferredCategoryId',
  'officeInCity',
  'productNews',
  'storeId',
] as const;

/** The messages of the profile schema and of the server's checks, in the user's language. */
const own: Record<string, string> = {
  [INVALID_POSTAL_CODE]: 'validation.postalCode',
  [CHOOSE_AN_OPTION]: 'validation.chooseOption',
  'Choose a category of your store': 'validation.category',
  'Choose an active store': 'validation.store',
  'Teams is not available': 'validation.teams',
};

/** The shared schema, loaded when the reader first enters the form (lib/schema-form.ts). */
const loadSchema = () => import('@rewards/shared/profile').then((m) => m.profileFormSchema);

/** What the form shows for saved preferences. */
const formValues = (p: UserPreferences): ProfileFormInput => ({
  city: p.city ?? '',
  postalCode: p.postalCode ?? '',
  state: p.state ?? '',
  address: p.address ?? '',
  preferredContact: p.preferredContact,
  preferredCategoryId: p.preferredCategoryId ?? '',
  officeInCity: p.officeInCity ?? false,
  productNews: p.productNews,
  storeId: p.storeId ?? '',
});

/**
 * The preferences of docs/architecture.md P3 (validated with the shared schema); 'profile saved' on
 * success. The form starts once its option lists are here, so each select shows the saved value.
 */
export function PreferencesForm({ preferences }: { preferences: UserPreferences }) {
  const { t } = useTranslation('profile');
  const stores = useActiveStores();
  const categories = useProfileCategories(preferences.storeId);
  const contacts = useContactPreferences();
  const failed = [stores, categories, contacts].find((q) => q.isError);
  if (failed)
    return (
      <p role="alert" className="max-w-2xl text-rose-700">
        {errorText(t, failed.error)}
      </p>
    );
  if (!stores.data || !categories.data || !contacts.data)
    return <div className="h-96 max-w-2xl animate-pulse rounded-2xl bg-slate-100" aria-busy="true" />;
  return <PreferencesFields preferences={preferences} stores={stores.data.data} categories={categories.data} contacts={contacts.data} />;
}

function PreferencesFields({
  preferences,
  stores,
  categories,
  contacts,
}: {
  preferences: UserPreferences;
  stores: Store[];
  categories: CatalogOption[];
  contacts: ContactOption[];
}) {
  const { t, i18n } = useTranslation('profile');
  const lang = (i18n.language === 'en' ? 'en' : 'es') as Language;
  const common = useFieldMessage();
  const message = (text: string | undefined) => (text && own[text] ? t(own[text]) : common(text));
  const save = useSaveProfile();
  const form = useSchemaForm<ProfileFormInput, ProfileForm>({ defaultValues: formValues(preferences), schema: loadSchema });
  const errors = form.errors;
  const storeChanged = String(form.values.storeId ?? '') !== String(preferences.storeId ?? '');
  const noCategory = storeChanged || String(form.values.preferredCategoryId ?? '') === '';
  // Teams is offered only where it is configured; a Teams choice saved before stays choosable (and goes by e-mail).
  const teamsUnavailable = contacts.some((c) => c.value === 'teams' && !c.available);
  const keptTeams = teamsUnavailable && preferences.preferredContact === 'teams';

  const submit = form.handleSubmit(async (values) => {
    // Sending a store is choosing it: only when the user changed it.
    const { storeId, ...rest } = values;
    const body: ProfileForm = storeChanged && storeId !== null ? { ...rest, storeId, preferredCategoryId: null } : rest;
    try {
      const saved = await save.mutateAsync(body);
      form.reset(formValues(saved));
      toast.success(t('saved'));
    } catch (err) {
      if (!applyServerErrors(err, form.setError, fields)) form.setError('root', { message: errorText(t, err) });
    }
  });

  return (
    <section className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">{preferences.savedAt ? t('help') : t('firstTime')}</p>
      <form onSubmit={(e) => void submit(e)} onFocus={form.onFocus} noValidate className="space-y-4" data-testid="preferences-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.city')} error={message(errors.city?.message)}>
            <input {...form.field('city')} maxLength={profileBounds.city.max} autoComplete="address-level2" />
          </Field>
          <Field label={t('fields.state')} error={message(errors.state?.message)}>
            <input {...form.field('state')} maxLength={profileBounds.state.max} autoComplete="address-level1" />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <Field label={t('fields.address')} error={message(errors.address?.message)}>
              <input {...form.field('address')} maxLength={profileBounds.address.max} autoComplete="street-address" />
            </Field>
          </div>
          <Field label={t('fields.postalCode')} error={message(errors.postalCode?.message)}>
            <input {...form.field('postalCode')} maxLength={profileBounds.postalCode.max} autoComplete="postal-code" />
          </Field>
        </div>
        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">{t('fields.preferredContact')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {contacts.map((c) => {
              const off = !c.available && !(c.value === 'teams' && keptTeams);
              return (
                <label key={c.value} className={`flex items-center gap-2 text-sm ${off ? 'text-slate-500' : 'text-slate-800'}`}>
                  <input
                    type="radio"
                    {...form.radio('preferredContact', c.value)}
                    disabled={off}
                    aria-describedby={c.value === 'teams' && teamsUnavailable ? 'contact-teams-note' : undefined}
                    className="h-4 w-4 border-slate-300"
                  />
                  {c.label[lang]}
                </label>
              );
            })}
          </div>
          {teamsUnavailable && (
            <p id="contact-teams-note" className="mt-1 text-xs text-slate-600" data-testid="teams-unavailable">
              {keptTeams ? t('teamsFallback') : t('teamsUnavailable')}
            </p>
          )}
          {errors.preferredContact && (
            <p className="mt-1 text-xs font-medium text-rose-700" role="alert">
              {message(errors.preferredContact.message)}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.store')} error={message(errors.storeId?.message)} hint={t('storeHint')}>
            <select {...form.field('storeId')}>
              {preferences.storeId === null && <option value="">{t('noStore')}</option>}
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('fields.preferredCategory')}
            error={message(errors.preferredCategoryId?.message)}
            hint={storeChanged ? t('categoryAfterStore') : undefined}
          >
            <select {...form.field('preferredCategoryId')} disabled={storeChanged}>
              <option value="">{t('noCategory')}</option>
              {categories.map((c) => (
                <option key={c.value} value={c.id ?? ''}>
                  {c.label[lang]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              {...form.checkbox('productNews')}
              aria-describedby="product-news-hint"
              className="h-4 w-4 rounded border-slate-300"
            />
            {t('fields.productNews')}
          </label>
          <p id="product-news-hint" className="mt-1 ml-6 text-xs text-slate-600">
            {noCategory ? t('productNewsNoCategory') : t('productNewsHint')}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...form.checkbox('officeInCity')} className="h-4 w-4 rounded border-slate-300" />
          {t('fields.officeInCity')}
        </label>
        {errors.root && (
          <p role="alert" className="text-sm text-rose-700">
            {errors.root.message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? t('saving') : t('save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
