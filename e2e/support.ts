import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

/**
 * Signs `page` in through the bundled provider as `email`: the demo account's button when the sign-in
 * page lists it, else the field for any registered e-mail (in either language). Waits until the app has
 * settled: a first sign-in goes on to /myProfile after 1000 ms, then the account menu is there.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-button').click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  const listed = page.getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) });
  if (await listed.count()) await listed.click();
  else {
    await page.getByLabel(/Otra cuenta registrada|Another registered account/).fill(email);
    await page.getByRole('button', { name: /^(Iniciar sesión|Sign in)$/ }).click();
  }
  await page.waitForURL(/signin=(new|ok)/);
  if (page.url().includes('signin=new')) await page.waitForURL(/\/myProfile$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/**
 * No serious or critical WCAG 2 A/AA violation on the page as it is. Sonner's toasts are left out: they
 * come and go during a journey, and their colours are the library's, the same on every page.
 */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('[data-sonner-toaster]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

/**
 * One language's control of a text administrators write in both languages (the admin forms' side-by-side
 * field, apps/web/src/components/ui/bilingual-field.tsx): the group named by the field's label, then its
 * "Español" or "English" control.
 */
export function inLanguage(scope: Page | Locator, label: string, lang: 'es' | 'en' = 'es'): Locator {
  return scope.getByRole('group', { name: label, exact: true }).getByLabel(lang === 'es' ? 'Español' : 'English', { exact: true });
}

/**
 * Demo accounts other journeys sign in as or write to: a journey that needs a shopper of its own (one whose
 * notifications and balance nothing else touches) picks from the rest. The Aguilars are the awards' approval
 * chain (seed/demo-awards.ts): the governance journey moves the server clock a week on, so their approval
 * notifications are dated in the future and would sort before anything another journey writes.
 */
export const reservedByJourneys = /^(ana|luis|maria|tienda|admin|super|nuevo|nueva|inactivo)@|salas|zamora|flores|temporal|aguilar/;

/** Playwright's `test` with the sign-in as a fixture: `test('…', async ({ page, signInAs }) => …)`. */
export const test = base.extend<{ signInAs: (page: Page, email: string) => Promise<void> }>({
  // eslint-disable-next-line no-empty-pattern
  signInAs: async ({}, use) => {
    await use(signInAs);
  },
});
export { expect };
