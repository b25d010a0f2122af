import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/use-translation';

/**
 * A file input whose button speaks the reader's chosen language (docs/architecture.md P10): a native one words its button and its
 * "no file chosen" in the browser's language, whatever the app's. The input stays (visually hidden, still
 * focusable: Tab reaches it, Enter or Space opens the picker, the field's own `<label htmlFor={id}>` names
 * it) and a label styled as a button, with our text, opens it on click; the status says what was chosen.
 */
export const FilePicker = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
    id: string;
    /** The button's text, e.g. "Elegir imágenes" (default "Elegir archivo" / "Choose file"). */
    button?: string;
    /** What was chosen; default "Ningún archivo elegido" / "No file chosen" until something is. */
    status?: string;
  }
>(function FilePicker({ id, button, status, ...input }, ref) {
  const { t } = useTranslation('controls');
  const statusId = `${id}-status`;
  const describedBy = [input['aria-describedby'], statusId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input ref={ref} id={id} type="file" {...input} aria-describedby={describedBy} className="peer sr-only" />
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center rounded-md bg-indigo-50 px-3 py-2 text-sm font-semibold text-indigo-800 select-none hover:bg-indigo-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        {button ?? t(input.multiple ? 'files.chooseMany' : 'files.choose')}
      </label>
      <span id={statusId} className="text-sm text-slate-600">
        {status ?? t('files.none')}
      </span>
    </div>
  );
});
