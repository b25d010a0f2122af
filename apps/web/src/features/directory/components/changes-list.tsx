import { useTranslation } from '@/lib/use-translation';
import { attributes, type AttributeChanges } from '../api/types';
import { attributeValue } from './texts';

/** What a change did to a person, attribute by attribute in the contract's order: "Office: Guadalajara → Monterrey". */
export function ChangesList({ changes, testId }: { changes: AttributeChanges; testId?: string }) {
  const { t } = useTranslation('directory');
  const changed = attributes.filter((a) => changes[a] !== undefined);
  if (changed.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5" data-testid={testId}>
      {changed.map((attribute) => {
        const change = changes[attribute]!;
        return (
          <li key={attribute} className="break-words" data-testid="directory-change">
            <span className="font-medium text-slate-800">{t(`attributes.${attribute}`)}:</span>{' '}
            <span className="text-slate-600">{attributeValue(t, attribute, change.before)}</span>
            {' → '}
            <span className="text-slate-900">{attributeValue(t, attribute, change.after)}</span>
          </li>
        );
      })}
    </ul>
  );
}
