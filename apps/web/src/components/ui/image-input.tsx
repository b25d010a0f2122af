import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { variantUrl } from '@/lib/images';
import { FilePicker } from './file-picker';

export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Pick one or several pictures, see them before saving, and drop existing ones. */
export function ImageInput({
  label,
  files,
  onFiles,
  multiple = false,
  existing = [],
  onRemoveExisting,
  error,
  max = 6,
}: {
  label: string;
  files: File[];
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  existing?: { id: number; url: string }[];
  onRemoveExisting?: (id: number) => void;
  error?: string;
  max?: number;
}) {
  const { t } = useTranslation(['common', 'controls']);
  const id = useId();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const count = existing.length + files.length;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        {existing.map((img) => (
          <figure key={img.id} className="relative h-20 w-20 overflow-hidden rounded-md border border-slate-200">
            <img src={variantUrl(img.url, 300)} alt="" className="h-full w-full object-cover" />
            {onRemoveExisting && (
              <button
                type="button"
                onClick={() => onRemoveExisting(img.id)}
                className="absolute right-0.5 top-0.5 rounded bg-white/90 px-1 text-xs font-bold text-rose-700"
                aria-label={t('images.remove')}
              >
                ×
              </button>
            )}
          </figure>
        ))}
        {previews.map((p, i) => (
          <figure key={p.url} className="relative h-20 w-20 overflow-hidden rounded-md border border-indigo-300">
            <img src={p.url} alt="" className="h-full w-full object-cover" />
            <button
              type="button"
              onClick={() => onFiles(files.filter((_, j) => j !== i))}
              className="absolute right-0.5 top-0.5 rounded bg-white/90 px-1 text-xs font-bold text-rose-700"
              aria-label={t('images.remove')}
            >
              ×
            </button>
          </figure>
        ))}
      </div>
      <FilePicker
        id={id}
        accept={ACCEPTED_IMAGES}
        multiple={multiple}
        disabled={count >= max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        button={t(multiple ? 'controls:files.chooseImages' : 'controls:files.chooseImage')}
        status={files.length > 0 ? t('controls:files.chosen', { count: files.length }) : undefined}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          onFiles(multiple ? [...files, ...picked].slice(0, Math.max(0, max - existing.length)) : picked.slice(0, 1));
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('images.hint', { max })}
      </p>
      {error && (
        <p className="text-xs font-medium text-rose-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
