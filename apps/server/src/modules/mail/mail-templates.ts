import type { Language, NotificationItemType } from '@rewards/shared/enums';
import type { MailChannel } from '@rewards/shared/mail';
import { pickText } from '@rewards/shared/localized';
import { describeNotification, notificationLink, type NotificationText } from '@rewards/shared/notifications';
import { trackingOptions } from '@rewards/shared/profile';

/**
 * The texts of the e-mails the outbox renders at send time, in the reader's language
 * (docs/decisions/0007-profile-and-mail.md). Plain text: every mail client shows it, nothing to sanitise.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  /** Where the message leads in the store (a Teams notification opens it). */
  link: string;
}

/** Who reads it, in which language, and by which channel (`email` unless said). */
export interface RenderContext {
  lang: Language;
  name: string;
  publicUrl: string;
  channel?: MailChannel;
  /** An e-mail in place of a Teams notification (Teams not configured, or it refused the user). */
  insteadOfTeams?: boolean;
}

const statusLabel = (status: number, lang: Language) => trackingOptions.find((o) => o.id === status)?.label[lang] ?? String(status);

const typeSubject: Record<NotificationItemType, Record<Language, string>> = {
  orders: { en: 'New order', es: 'Nuevo pedido' },
  ordersUpdate: { en: 'Your order was updated', es: 'Tu pedido se actualizó' },
  products: { en: 'News from the store', es: 'Novedades de la tienda' },
  points: { en: 'Your points', es: 'Tus puntos' },
  challenge: { en: 'Surprise challenge', es: 'Reto sorpresa' },
  celebration: { en: 'Celebrations', es: 'Celebraciones' },
};

const words = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    open: 'See it in the store:',
    signature: 'Rewards Store',
    why: 'You receive this e-mail because your profile prefers e-mail. You can change it in My profile.',
    whyTeams: 'You receive this in Teams because your profile prefers Teams. You can change it in My profile.',
    whyInsteadOfTeams: 'You receive this e-mail because Teams is not available to you. You can change your preferred method in My profile.',
  },
  es: {
    hello: (name: string) => `Hola ${name}:`,
    open: 'Míralo en la tienda:',
    signature: 'Tienda de recompensas',
    why: 'Recibes este correo porque tu perfil prefiere el correo. Puedes cambiarlo en Mi perfil.',
    whyTeams: 'Recibes esto en Teams porque tu perfil prefiere Teams. Puedes cambiarlo en Mi perfil.',
    whyInsteadOfTeams: 'Recibes este correo porque Teams no está disponible para ti. Puedes cambiar tu medio preferido en Mi perfil.',
  },
} as const;

/**
 * An e-mail: greeting, lines, link, signature. A Teams notification: the lines and why (the notification
 * itself carries the link and the app's name).
 */
function compose(ctx: RenderContext, subject: string, lines: string[], link: string): RenderedMail {
  const w = words[ctx.lang];
  const text =
    ctx.channel === 'teams'
      ? [...lines.filter(Boolean), w.whyTeams].join('\n')
      : [w.hello(ctx.name), '', ...lines, '', w.open, link, '', '--', w.signature, ctx.insteadOfTeams ? w.whyInsteadOfTeams : w.why].join(
          '\n',
        );
  return { subject, text, link };
}

/** The e-mail copy of a notification (docs/architecture.md P4), in `lang`. */
export function renderNotificationMail(
  n: { itemType: NotificationItemType; description: string; url: string | null },
  ctx: RenderContext,
): RenderedMail {
  const { lang } = ctx;
  // Content written in both languages (a product's name, a challenge's title, a load's text) in the reader's (docs/architecture.md A6.15).
  const d = describeNotification(n, lang);
  let subject: string;
  let line: string;
  switch (d.key) {
    case 'orderPlaced':
      subject = lang === 'es' ? `Tu pedido #${d.values.id} fue creado` : `Your order #${d.values.id} was placed`;
      line =
        lang === 'es'
          ? `Recibimos tu pedido #${d.values.id}. Te avisaremos cuando cambie de estado.`
          : `We received your order #${d.values.id}. We will let you know when its status changes.`;
      break;
    case 'orderStatus': {
      const label = statusLabel(d.values.status, lang);
      subject = lang === 'es' ? `Tu pedido #${d.values.id}: ${label}` : `Your order #${d.values.id}: ${label}`;
      line =
        lang === 'es'
          ? `El estado de tu pedido #${d.values.id} ahora es: ${label}.`
          : `The status of your order #${d.values.id} is now: ${label}.`;
      break;
    }
    case 'orderEdited':
      subject = lang === 'es' ? `Tu pedido #${d.values.id} fue modificado` : `Your order #${d.values.id} was changed`;
      line =
        lang === 'es'
          ? `La tienda modificó tu pedido #${d.values.id}; la diferencia de puntos ya está en tu saldo. Mira el motivo en Mis pedidos.`
          : `The store changed your order #${d.values.id}; the difference in points is already in your balance. See why in My orders.`;
      break;
    case 'pointsExpired':
      subject = lang === 'es' ? `Tus puntos del programa ${d.values.year} vencieron` : `Your ${d.values.year} program points expired`;
      line =
        lang === 'es'
          ? `Los puntos no usados del año del programa ${d.values.year} vencieron; empiezas el nuevo año en cero.`
          : `Unused points of the ${d.values.year} program year expired; the new year starts from zero.`;
      break;
    case 'productBackInStock':
      subject = lang === 'es' ? `De vuelta en stock: ${d.values.name}` : `Back in stock: ${d.values.name}`;
      line =
        lang === 'es'
          ? `${d.values.name}, de tus favoritos, vuelve a estar disponible.`
          : `${d.values.name}, from your wishlist, is available again.`;
      break;
    case 'productsBackInStock':
      subject = lang === 'es' ? `${d.values.count} productos de tus favoritos volvieron` : `${d.values.count} wishlist products are back`;
      line =
        lang === 'es'
          ? `${d.values.count} productos de tus favoritos volvieron a estar disponibles.`
          : `${d.values.count} products of your wishlist are back in stock.`;
      break;
    case 'productNew':
      subject = lang === 'es' ? `Nuevo en tu categoría: ${d.values.name}` : `New in your category: ${d.values.name}`;
      line =
        lang === 'es' ? `Llegó ${d.values.name} a tu categoría preferida.` : `${d.values.name} just arrived in your preferred category.`;
      break;
    case 'productsNew':
      subject = lang === 'es' ? `${d.values.count} productos nuevos en tu categoría` : `${d.values.count} new products in your category`;
      line =
        lang === 'es'
          ? `Llegaron ${d.values.count} productos nuevos a tu categoría preferida.`
          : `${d.values.count} new products just arrived in your preferred category.`;
      break;
    case 'pointsExpiring': {
      const { points, date } = d.values;
      subject = lang === 'es' ? `Tus puntos vencen el ${date}` : `Your points expire on ${date}`;
      line =
        lang === 'es'
          ? `Tienes ${points} puntos. Canjéalos a más tardar el ${date}: después vencen.`
          : `You have ${points} points. Redeem them by ${date}: after that they expire.`;
      break;
    }
    case 'celebrationBirthday':
    case 'celebrationBirthdayGreeting':
    case 'celebrationAnniversary':
    case 'celebrationAnniversaryGreeting':
    case 'celebrationWelcome':
    case 'celebrationWelcomeGreeting':
      [subject, line] = celebrationWords(d, lang);
      break;
    case 'celebrationSoonBirthday':
    case 'celebrationSoonAnniversary':
    case 'celebrationSoonWelcome':
      [subject, line] = headsUpWords(d, lang);
      break;
    default:
      subject = typeSubject[n.itemType][lang];
      line = d.values.text;
  }
  return compose(ctx, subject, [line], `${ctx.publicUrl}${notificationLink(n)}`);
}

type Described<K extends NotificationText['key']> = Extract<NotificationText, { key: K }>;

/** A person's own celebration (docs/architecture.md A6.17): subject and line, with the points when there were some. */
function celebrationWords(
  d: Described<
    | 'celebrationBirthday'
    | 'celebrationBirthdayGreeting'
    | 'celebrationAnniversary'
    | 'celebrationAnniversaryGreeting'
    | 'celebrationWelcome'
    | 'celebrationWelcomeGreeting'
  >,
  lang: Language,
): [string, string] {
  const points = 'points' in d.values ? d.values.points : 0;
  const received = points > 0 ? (lang === 'es' ? ` Recibiste ${points} puntos.` : ` You received ${points} points.`) : '';
  switch (d.key) {
    case 'celebrationBirthday':
    case 'celebrationBirthdayGreeting':
      return lang === 'es'
        ? ['¡Feliz cumpleaños!', `Todo el equipo te desea un feliz cumpleaños.${received}`]
        : ['Happy birthday!', `Everyone on the team wishes you a happy birthday.${received}`];
    case 'celebrationAnniversary':
    case 'celebrationAnniversaryGreeting': {
      const { years } = d.values;
      const span = lang === 'es' ? (years === 1 ? '1 año' : `${years} años`) : years === 1 ? '1 year' : `${years} years`;
      return lang === 'es'
        ? [`¡Feliz aniversario laboral: ${span}!`, `Hoy cumples ${span} con nosotros. ¡Gracias!${received}`]
        : [`Happy work anniversary: ${span}!`, `Today you complete ${span} with us. Thank you!${received}`];
    }
    default:
      return lang === 'es'
        ? ['¡Te damos la bienvenida!', `Hoy es tu primer día: te damos la bienvenida al equipo.${received}`]
        : ['Welcome to the team!', `Today is your first day: welcome to the team.${received}`];
  }
}

/** A manager's heads-up of a coming celebration (docs/architecture.md A6.17): who, the day, and the link to give points. */
function headsUpWords(
  d: Described<'celebrationSoonBirthday' | 'celebrationSoonAnniversary' | 'celebrationSoonWelcome'>,
  lang: Language,
): [string, string] {
  const { name, date } = d.values;
  switch (d.key) {
    case 'celebrationSoonBirthday':
      return lang === 'es'
        ? [`Se acerca el cumpleaños de ${name}`, `El cumpleaños de ${name} es el ${date}. Puedes darle puntos en Reconocimientos.`]
        : [`${name}'s birthday is coming up`, `${name}'s birthday is on ${date}. You can give them points in Recognitions.`];
    case 'celebrationSoonAnniversary': {
      const { years } = d.values;
      const span = lang === 'es' ? (years === 1 ? '1 año' : `${years} años`) : years === 1 ? '1 year' : `${years} years`;
      return lang === 'es'
        ? [`${name} cumple ${span} con nosotros`, `${name} cumple ${span} con nosotros el ${date}. Puedes darle puntos en Reconocimientos.`]
        : [`${name} completes ${span} with us`, `${name} completes ${span} with us on ${date}. You can give them points in Recognitions.`];
    }
    default:
      return lang === 'es'
        ? [`${name} se une al equipo`, `${name} empieza el ${date}. Puedes darle la bienvenida con puntos en Reconocimientos.`]
        : [`${name} joins the team`, `${name} starts on ${date}. You can welcome them with points in Recognitions.`];
  }
}

/**
 * The follow-up notice of an approved order (docs/architecture.md A6): the provider of what was
 * ordered writes next with the final redemption link, and the 10-day selection window starts there.
 * Product names in the reader's language (A6.15).
 */
export function renderOrderApprovedMail(
  order: { id: number; total: number; lines: { name: string; nameEn: string; quantity: number }[] },
  ctx: RenderContext,
): RenderedMail {
  const { lang } = ctx;
  const items = order.lines.map((l) => `- ${pickText(l, 'name', lang)} x ${l.quantity}`);
  const subject = lang === 'es' ? `Pedido #${order.id} aprobado` : `Order #${order.id} approved`;
  const lines =
    lang === 'es'
      ? [
          `Tu pedido #${order.id} fue aprobado (${order.total} puntos).`,
          ...items,
          '',
          'El proveedor seleccionado te enviará un correo de seguimiento con el enlace final de canje. Tienes 10 días desde que lo recibas para completar tu selección.',
        ]
      : [
          `Your order #${order.id} was approved (${order.total} points).`,
          ...items,
          '',
          'The selected provider will send you a follow-up e-mail with the final redemption link. You have 10 days from receiving it to complete your selection.',
        ];
  return compose(ctx, subject, lines, `${ctx.publicUrl}/myOrders`);
}
