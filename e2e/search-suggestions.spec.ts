import { expect, expectNoSeriousViolations, test } from './support.ts';
import type { Locator, Page } from '@playwright/test';

// Suggestions in the header search box while typing (decision 0009; seeded catalogue of the first store).

/** Moves down with the keyboard until `option` is the highlighted one, checking the combobox follows. */
async function arrowDownTo(box: Locator, listbox: Locator, option: Locator) {
  const names = await listbox.getByRole('option').allTextContents();
  const target = (await option.textContent()) ?? '';
  const index = names.indexOf(target);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(listbox.locator('[aria-selected="true"]')).toHaveCount(1);
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
}

test('a shopper picks a suggestion with the keyboard and sees all results, in Spanish', async ({ page, signInAs }) => {
  await signInAs(page, 'ana@rewards.test');
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Buscar productos' });
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.pressSequentially('term', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Sugerencias de búsqueda' });
  const termo = listbox.getByRole('option', { name: /Termo de acero/ });
  await expect(termo).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(termo).toContainText('Termos y tazas');
  await expect(termo).toContainText('500 puntos');
  await expect(termo.locator('strong')).toHaveText('Term');
  await expect(listbox.getByRole('option').last()).toHaveText('Ver todos los resultados para «term»');
  await expectNoSeriousViolations(page, 'suggestions es');

  // Escape closes and keeps the text; the arrow opens the list again.
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveValue('term');
  await box.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await box.press('Escape');

  await box.press('ArrowDown');
  await box.press('ArrowUp'); // from the first option, up wraps to the last
  await arrowDownTo(box, listbox, termo);
  await screenshot(page, 'suggestions-es.png');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\?slug=termo-de-acero$/);
  await expect(page.getByRole('heading', { name: 'Termo de acero' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(listbox).toBeHidden();

  // The last option searches, as Enter without a highlighted suggestion does.
  await box.pressSequentially('taza', { delay: 40 });
  const all = listbox.getByRole('option', { name: 'Ver todos los resultados para «taza»' });
  await expect(all).toBeVisible();
  await box.press('ArrowUp');
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/results\/taza$/);
  await expect(page.getByRole('heading', { name: 'Resultados para «taza»' })).toBeVisible();
  // The search stays in the box on its results page.
  await expect(box).toHaveValue('taza');
  await box.clear();

  // Enter with no highlighted suggestion is the search of before.
  await box.pressSequentially('vaso', { delay: 40 });
  await expect(listbox.getByRole('option', { name: /Vaso térmico con tapa/ })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/results\/vaso$/);
});

test('a visitor picks a suggestion with the keyboard and sees all results, in English', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.pressSequentially('vaso', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  // Found by its Spanish words, named in English (docs/architecture.md P10).
  const vaso = listbox.getByRole('option', { name: /Insulated tumbler with lid/ });
  await expect(vaso).toBeVisible();
  await expect(vaso).toContainText('380 points');
  await expect(listbox.getByRole('option').last()).toHaveText('See all results for “vaso”');
  await expectNoSeriousViolations(page, 'suggestions en');

  await arrowDownTo(box, listbox, vaso);
  await expectNoSeriousViolations(page, 'suggestion highlighted en');
  await screenshot(page, 'suggestions-en.png');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\?slug=vaso-termico-con-tapa$/);
  await expect(page.getByRole('heading', { name: 'Insulated tumbler with lid' })).toBeVisible();

  // A click outside closes the list; a click on the last option shows all the results.
  await box.pressSequentially('taza', { delay: 40 });
  const all = listbox.getByRole('option', { name: 'See all results for “taza”' });
  await expect(all).toBeVisible();
  await page.getByRole('heading', { name: 'Insulated tumbler with lid' }).click();
  await expect(listbox).toBeHidden();
  await box.press('ArrowDown');
  await all.click();
  await expect(page).toHaveURL(/\/results\/taza$/);
  await expect(page.getByRole('heading', { name: 'Results for “taza”' })).toBeVisible();
  await expect(box).toHaveValue('taza');
  await box.clear();

  // Nothing in the catalogue: the list says so, and still offers the search.
  await box.pressSequentially('zzzzqx', { delay: 40 });
  await expect(page.getByRole('status').filter({ hasText: 'No suggestions' })).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveText(['See all results for “zzzzqx”']);
});
