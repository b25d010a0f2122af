import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { useStores } from '@/features/stores/api/get-stores';
import { Logo } from '@/components/ui/logo';

/** Full footer from the lg breakpoint; a compact one with the FAQ link below it. */
export function ShopFooter() {
  const { t } = useTranslation();
  const session = useSession();
  const stores = useStores();
  const store = stores.data?.data.find((s) => s.id === session.data?.storeId) ?? stores.data?.data[0];
  const year = new Date().getFullYear();
  const linkClass = 'text-slate-300 hover:text-white';

  return (
    <footer className="mt-auto bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto hidden max-w-7xl grid-cols-3 gap-8 px-6 py-10 lg:grid" data-testid="footer-full">
        <div>
          <Logo light />
          <p className="mt-3 text-slate-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.program')}>
          <h2 className="mb-3 font-semibold text-white">{t('footer.program')}</h2>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to={`/about?store=${store?.id ?? ''}`}>
                {t('footer.howItWorks')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/faq">
                {t('footer.faq')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/account">
                {t('footer.myPoints')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t('footer.location')}</h2>
          {store ? (
            <address className="not-italic text-slate-400">
              <span className="block text-slate-200">{store.title}</span>
              {store.location}
            </address>
          ) : (
            <p className="text-slate-400">{t('loading')}</p>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-6 py-4">
          <p>{t('footer.copyright', { year })}</p>
          <Link to="/faq" className={`${linkClass} lg:hidden`} data-testid="footer-compact-faq">
            {t('footer.faq')}
          </Link>
        </div>
      </div>
    </footer>
  );
}
