import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@rewards/shared/users';
import { isAdminRole } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useLogout } from '@/features/auth/api/logout';
import { AwardsMenuItems } from '@/features/awards/components/awards-menu-items';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDismiss } from '@/lib/use-dismiss';

/**
 * The account menu: profile, peer recognition (the feed and, in the shop, `onGive`: the give dialog), sign-out, and
 * awards and approvals for those who have any (A6.19)
 * (a button that POSTs) and, for roles 2 and 3 only, the admin area.
 */
export function AccountMenu({
  user,
  adminLink = true,
  shopLink = false,
  onGive,
}: {
  user: SessionUser;
  adminLink?: boolean;
  shopLink?: boolean;
  onGive?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const logout = useLogout();

  useDismiss(ref, open, close);

  const item = 'block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu"
      >
        <Avatar user={user} />
        <span className="hidden max-w-32 truncate text-sm font-medium text-slate-800 lg:inline">{user.name}</span>
        {/* Not on a phone: the avatar alone says it opens the menu, and the header's row keeps its room. */}
        <ChevronDownIcon className="hidden h-4 w-4 text-slate-500 sm:block" />
        <span className="sr-only">{t('header.accountMenu')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          onClick={() => setOpen(false)}
        >
          <p className="truncate px-3 py-2 text-xs text-slate-500">{user.email}</p>
          <Link role="menuitem" className={item} to="/myProfile">
            {t('header.myProfile')}
          </Link>
          {onGive && (
            <button type="button" role="menuitem" className={`${item} w-full text-left`} onClick={onGive} data-testid="menu-give">
              {t('give.label')}
            </button>
          )}
          <Link role="menuitem" className={item} to="/feed">
            {t('header.feed')}
          </Link>
          {shopLink && (
            <Link role="menuitem" className={item} to="/">
              {t('header.backToStore')}
            </Link>
          )}
          {adminLink && isAdminRole(user.role) && (
            <Link role="menuitem" className={item} to="/admin/">
              {t('header.admin')}
            </Link>
          )}
          <button type="button" role="menuitem" className={`${item} w-full text-left`} onClick={() => logout.mutate()}>
            {t('header.logout')}
          </button>
          {/* Last, in a group of their own: they come when the menu opens, and move no entry above them. */}
          <AwardsMenuItems className={item} />
        </div>
      )}
    </div>
  );
}
