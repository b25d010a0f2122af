import { useTranslation } from '@/lib/use-translation';
import { BadgeLink } from '@/components/ui/badge-link';

const TrophyIcon = () => (
  <svg
    width={22}
    height={22}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4" />
    <path d="M12 13v4M9 20h6M10 17h4" />
  </svg>
);

/**
 * The header's link to /challenge, for every signed-in user: the page itself says whether the store has
 * a challenge now, so the header asks nothing more on every page (docs/decisions/0008-challenges.md).
 */
export function ChallengeLink() {
  const { t } = useTranslation();
  return (
    <BadgeLink to="/challenge" label={t('header.challenges')}>
      <TrophyIcon />
    </BadgeLink>
  );
}
