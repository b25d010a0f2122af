import type { ElementType, ReactNode } from 'react';
import type { Language } from '@rewards/shared/enums';
import { pick, type LocalizedText } from '@rewards/shared/localized';
import { useTranslation } from '@/lib/use-translation';

/** The language the reader chose for the interface (re-renders when it changes). */
export function useLanguage(): Language {
  return useTranslation().i18n.language as Language;
}

type Pair<K extends string> = { [P in K]: string } & { [P in `${K}En`]?: string };

/**
 * `pick` in the reader's language: `const content = useContent(); content(product, 'name')` gives the text
 * to show and whether it is the other language's (docs/architecture.md P10).
 */
export function useContent() {
  const lang = useLanguage();
  return <K extends string>(entity: Pair<K>, field: K): LocalizedText => pick(entity, field, lang);
}

/**
 * The discreet "written only in the other language" mark: a small "EN"/"ES" tag read out as "Only in
 * English" / "Solo en inglés". Inline, smaller than the text's line, placed before the text so a one-line
 * title that is cut, or a name clamped to two lines, always keeps it in view and never grows.
 */
export function FallbackMark({ lang }: { lang: Language }) {
  const { t, i18n } = useTranslation();
  const label = t(`content.onlyIn.${lang}`);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      lang={i18n.language}
      className="mr-1 inline-block rounded border border-slate-300 bg-slate-50 px-1 align-[0.125em] text-[0.625rem] leading-[1.2] font-semibold tracking-wide text-slate-600"
      data-testid="fallback-mark"
    >
      {lang.toUpperCase()}
    </span>
  );
}

/**
 * A text an administrator wrote, as the reader sees it: when it is shown in the other language (theirs was
 * not written) it carries that language (`lang`, for screen readers and hyphenation) and the mark. `as` and
 * `className` are the element it replaces (a clamped name, a heading…).
 */
export function Localized({
  value,
  as: Tag = 'span',
  className,
  children,
  ...rest
}: {
  value: LocalizedText;
  as?: ElementType;
  className?: string;
  /** Shown after the text, inside the same element (e.g. a highlighted version replaces the text). */
  children?: (text: string) => ReactNode;
  /** Anything else the element takes (`to` of a Link, `data-testid`…). */
  [prop: string]: unknown;
}) {
  return (
    <Tag lang={value.fallback ? value.lang : undefined} className={className} {...rest}>
      {value.fallback && <FallbackMark lang={value.lang} />}
      {children ? children(value.text) : value.text}
    </Tag>
  );
}

/** For the places an element cannot hold the mark (an `<option>`, a title attribute): the text, tagged "(EN)". */
export function markedText(value: LocalizedText): string {
  return value.fallback ? `${value.text} (${value.lang.toUpperCase()})` : value.text;
}
