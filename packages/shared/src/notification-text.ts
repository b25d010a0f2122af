// No zod here: the shop's first paint reads these (docs/decisions/0028-light-first-paint.md).
import { defaultLanguage, type Language, type NotificationItemType } from './enums.ts';
import { localize, type Bilingual } from './localized.ts';
import type { Notification } from './notifications.ts';

/**
 * Content an administrator wrote in both languages, as a notification's description stores it
 * (docs/architecture.md A6.15): the JSON object `{"es": ..., "en": ...}`, whole (a challenge's title, a load's
 * text) or as the name in a product news text ('Back in stock: {"es":"Termo","en":"Thermos"}'). The database
 * writes the same with `jsonb_build_object('es', ..., 'en', ...)::text`.
 */
export function bilingualDescription(value: Bilingual): string {
  return JSON.stringify({ es: value.es, en: value.en });
}

/** A stored text in `lang`: a bilingual JSON object picked with `localize`, anything else as written. */
function contentText(stored: string, lang: Language): string {
  if (stored.startsWith('{') && stored.endsWith('}')) {
    try {
      const v = JSON.parse(stored) as unknown;
      if (v && typeof v === 'object' && typeof (v as Bilingual).es === 'string' && typeof (v as Bilingual).en === 'string')
        return localize(v as Bilingual, lang).text;
    } catch {
      // Not JSON: an administrator's text that happens to be in braces.
    }
  }
  return stored;
}

/**
 * How a notification reads, as a text key and its values, so each client words it in its own language.
 * System texts are recognised from what the database stores today ('Order #12' from rs_place_order,
 * 'Order #12: status 3' from order moves, 'Order #12: edited' from an administrator's edit, 'Points expired
 * (2026)' from the expiry job, the celebrations job's ('Celebration: birthday|50', 'Upcoming birthday: Ana on
 * 2026-07-20', 'Points expiring: 120 by 2026-10-15', with dates written out in `lang`), the product news of rs_product_news_flush (apps/server/src/db/functions):
 * 'Back in stock: Termo', '3 wishlist products back in stock', 'New in your category: Termo', '4 new products
 * in your category'); anything else (an administrator's reason, a load's recognition and reason) is shown as
 * written, with its type. Content written in both languages (`bilingualDescription`: a product's name, a
 * challenge's title, a load's text) is given in `lang`, or in the other language where `lang` was not written.
 */
export type NotificationText =
  | { key: 'orderPlaced'; values: { id: number } }
  | { key: 'orderStatus'; values: { id: number; status: number } }
  | { key: 'orderEdited'; values: { id: number } }
  | { key: 'pointsExpired'; values: { year: string } }
  | { key: 'productBackInStock'; values: { name: string } }
  | { key: 'productsBackInStock'; values: { count: number } }
  | { key: 'productNew'; values: { name: string } }
  | { key: 'productsNew'; values: { count: number } }
  /** A person's own celebration with the points it brought (`count`: points, for the plural). */
  | { key: 'celebrationBirthday' | 'celebrationWelcome'; values: { points: number; count: number } }
  /** A work anniversary with the points it brought (`count`: years of service, for the plural). */
  | { key: 'celebrationAnniversary'; values: { years: number; count: number; points: number } }
  /** A celebration without points (none configured, or the program's accrual closed). */
  | { key: 'celebrationBirthdayGreeting' | 'celebrationWelcomeGreeting'; values: Record<string, never> }
  | { key: 'celebrationAnniversaryGreeting'; values: { years: number; count: number } }
  /** A manager's heads-up of a coming celebration: who and the day, written in the reader's language. */
  | { key: 'celebrationSoonBirthday' | 'celebrationSoonWelcome'; values: { name: string; date: string } }
  | { key: 'celebrationSoonAnniversary'; values: { name: string; date: string; years: number; count: number } }
  /** Points about to expire: the balance (`count` too, for the plural) and the last day to redeem, written in the reader's language. */
  | { key: 'pointsExpiring'; values: { points: number; count: number; date: string } }
  | { key: `${NotificationItemType}Generic`; values: { text: string } };

const dateLocales = { es: 'es-MX', en: 'en-US' } as const;
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD, a local day as stored) written out in `lang`, without time-zone shifts. */
function longDate(date: string, lang: Language): string {
  let f = dateFormats.get(lang);
  if (!f) dateFormats.set(lang, (f = new Intl.DateTimeFormat(dateLocales[lang], { dateStyle: 'long', timeZone: 'UTC' })));
  return f.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The celebrations job's texts (docs/architecture.md A6.17; db/functions/rs_celebrate.sql,
 * rs_celebration_heads_ups.sql): 'Celebration: birthday|50', 'Celebration: anniversary 5|500',
 * 'Celebration: welcome|0' (the points after the bar), and 'Upcoming birthday: Ana Ruiz on 2026-07-20',
 * 'Upcoming anniversary 5: …', 'Upcoming welcome: …'.
 */
function celebrationText(d: string, lang: Language): NotificationText | undefined {
  const own = /^Celebration: (birthday|welcome|anniversary (\d+))\|(\d+)$/.exec(d);
  if (own) {
    const points = Number(own[3]);
    if (own[2] !== undefined) {
      const years = Number(own[2]);
      return points > 0
        ? { key: 'celebrationAnniversary', values: { years, count: years, points } }
        : { key: 'celebrationAnniversaryGreeting', values: { years, count: years } };
    }
    const birthday = own[1] === 'birthday';
    return points > 0
      ? { key: birthday ? 'celebrationBirthday' : 'celebrationWelcome', values: { points, count: points } }
      : { key: birthday ? 'celebrationBirthdayGreeting' : 'celebrationWelcomeGreeting', values: {} };
  }
  const soon = /^Upcoming (birthday|welcome|anniversary (\d+)): (.+) on (\d{4}-\d{2}-\d{2})$/s.exec(d);
  if (soon) {
    const values = { name: soon[3]!, date: longDate(soon[4]!, lang) };
    if (soon[2] !== undefined) {
      const years = Number(soon[2]);
      return { key: 'celebrationSoonAnniversary', values: { ...values, years, count: years } };
    }
    return { key: soon[1] === 'birthday' ? 'celebrationSoonBirthday' : 'celebrationSoonWelcome', values };
  }
  return undefined;
}

export function describeNotification(
  n: Pick<Notification, 'itemType' | 'description'>,
  lang: Language = defaultLanguage,
): NotificationText {
  const d = n.description;
  if (n.itemType === 'orders') {
    const m = /^Order #(\d+)$/.exec(d);
    if (m) return { key: 'orderPlaced', values: { id: Number(m[1]) } };
  }
  if (n.itemType === 'ordersUpdate') {
    const m = /^Order #(\d+): status (\d)$/.exec(d);
    if (m) return { key: 'orderStatus', values: { id: Number(m[1]), status: Number(m[2]) } };
    const edited = /^Order #(\d+): edited$/.exec(d);
    if (edited) return { key: 'orderEdited', values: { id: Number(edited[1]) } };
  }
  if (n.itemType === 'points') {
    const m = /^Points expired \((\d{4})\)$/.exec(d);
    if (m) return { key: 'pointsExpired', values: { year: m[1]! } };
    // A reminder of the celebrations job (db/functions/rs_expiry_reminders.sql): the balance and the last local day to redeem.
    const expiring = /^Points expiring: (\d+) by (\d{4}-\d{2}-\d{2})$/.exec(d);
    if (expiring) {
      const points = Number(expiring[1]);
      return { key: 'pointsExpiring', values: { points, count: points, date: longDate(expiring[2]!, lang) } };
    }
  }
  if (n.itemType === 'celebration') {
    const c = celebrationText(d, lang);
    if (c) return c;
  }
  if (n.itemType === 'products') {
    const back = /^Back in stock: (.+)$/s.exec(d);
    if (back) return { key: 'productBackInStock', values: { name: contentText(back[1]!, lang) } };
    const backMany = /^(\d+) wishlist products back in stock$/.exec(d);
    if (backMany) return { key: 'productsBackInStock', values: { count: Number(backMany[1]) } };
    const created = /^New in your category: (.+)$/s.exec(d);
    if (created) return { key: 'productNew', values: { name: contentText(created[1]!, lang) } };
    const createdMany = /^(\d+) new products in your category$/.exec(d);
    if (createdMany) return { key: 'productsNew', values: { count: Number(createdMany[1]) } };
  }
  return { key: `${n.itemType}Generic`, values: { text: contentText(d, lang) } };
}

/** Where an entry leads, by item type (docs/architecture.md P2, mapped to the app's own routes). */
export function notificationLink(n: Pick<Notification, 'itemType' | 'url'>): string {
  switch (n.itemType) {
    case 'orders':
    case 'ordersUpdate':
      return '/myOrders';
    case 'points':
      // A colleague's recognition names its page; other points news leads to the statement.
      return n.url && /^\/recognition\/\d+$/.test(n.url) ? n.url : '/account';
    case 'challenge':
      return '/challenge';
    case 'celebration':
      // A public celebration names its feed item, a manager's heads-up the feed's give dialog; else the statement.
      return n.url && /^\/(recognition\/\d+|feed\?give=\d+)$/.test(n.url) ? n.url : '/account';
    case 'products':
      // Product news names a product's page, the wishlist or a category page; otherwise the shop.
      return n.url && /^\/(product(\?|$)|wishlist$|category\/[^/?#]+$)/.test(n.url) ? n.url : '/';
  }
}
