import { expect, inLanguage, test, expectNoSeriousViolations } from './support.ts';

// This journey makes its own area and recognitions (a unique suffix) and removes what it can: the seeded
// recognitions, which other journeys load points with, are only read.
const suffix = Date.now().toString(36).slice(-5);
const areaName = `Voluntariado ${suffix}`;
const rewardName = `Jornada de voluntariado ${suffix}`;
const spareName = `Brigada de limpieza ${suffix}`;

test('an administrator runs the recognitions and areas of a store, in Spanish and English', async ({ page, signInAs }) => {
  await signInAs(page, 'admin@rewards.test');
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Reconocimientos' }).click();
  await expect(page).toHaveURL(/\/admin\/rewards\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Reconocimientos · / })).toBeVisible();
  const rows = page.getByTestId('reward-row');
  await expect(rows.filter({ hasText: 'Colaboración' })).toContainText('2 por año');
  await expect(rows.filter({ hasText: 'Clase' })).toContainText('una vez por clase');
  await expect(rows.filter({ hasText: 'Trivia' })).toContainText('una vez por trivia');
  await expect(rows.filter({ hasText: 'Webinar' })).toContainText('una vez por webinar');
  await expect(rows.filter({ hasText: 'Voz del cliente' })).toContainText('1 por mes');

  // --- an area ---
  await page.getByRole('tab', { name: 'Áreas' }).click();
  await expect(page).toHaveURL(/tab=areas/);
  await page.getByTestId('new-area').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toHaveCount(2);
  await inLanguage(dialog, 'Nombre').fill(areaName);
  await inLanguage(dialog, 'Descripción').fill('Reconocimientos por actividades de voluntariado.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const areaCard = page.getByTestId('area-card').filter({ hasText: areaName });
  await expect(areaCard).toContainText('Reconocimientos: 0');

  // --- a recognition in it: "select an area" ---
  await page.getByRole('tab', { name: 'Reconocimientos' }).click();
  await page.getByTestId('new-reward').click();
  await inLanguage(dialog, 'Nombre').fill(rewardName);
  await inLanguage(dialog, 'Descripción').fill('Por participar en una jornada de voluntariado de la empresa.');
  await dialog.getByLabel('Puntos').fill('250');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByLabel('Área')).toHaveAttribute('aria-invalid', 'true'); // an area is required
  await dialog.getByLabel('Área').selectOption({ label: areaName });
  await dialog.getByLabel('Veces por persona').fill('2');
  await dialog.getByLabel('Por', { exact: true }).selectOption('year');
  await expect(dialog.getByText('2 por año')).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = rows.filter({ hasText: rewardName });
  await expect(row).toContainText(areaName);
  await expect(row).toContainText('250');
  await expect(row).toContainText('2 por año');
  await expect(row).toContainText('Activo');
  // A second one, never used, to delete at the end; opened from the keyboard.
  await page.getByTestId('new-reward').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await inLanguage(dialog, 'Nombre').fill(spareName);
  await dialog.getByLabel('Área').selectOption({ label: areaName });
  await inLanguage(dialog, 'Descripción').fill('Por sumarse a una brigada de limpieza.');
  await dialog.getByLabel('Puntos').fill('100');
  await dialog.getByLabel('Por', { exact: true }).selectOption('month');
  await dialog.getByLabel('Puntos').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: spareName })).toContainText('1 por mes');

  // Search (accents and case do not matter).
  await page.getByRole('searchbox', { name: 'Buscar reconocimientos' }).fill(`VOLUNTARIADO ${suffix}`);
  await page.getByRole('searchbox', { name: 'Buscar reconocimientos' }).press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(rewardName);
  await expectNoSeriousViolations(page, 'recognitions (es)');

  // --- grouped under its area ---
  await page.getByRole('tab', { name: 'Por área' }).click();
  const group = page.getByRole('region', { name: areaName });
  await expect(group).toContainText(rewardName);
  await expect(group).toContainText('250 puntos');
  await expect(group).toContainText('2 por año');
  await expect(page.getByRole('region', { name: 'Bienestar' })).toContainText('una vez por clase');

  // --- edit its points ---
  await page.getByRole('tab', { name: 'Reconocimientos' }).click();
  await row.getByRole('button', { name: /^Editar/ }).click();
  await expect(dialog.getByLabel('Área')).toHaveValue(/\d+/);
  await dialog.getByLabel('Puntos').fill('300');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('300');

  // --- deactivate and reactivate, each confirmed ---
  await row.getByRole('button', { name: /^Desactivar/ }).click();
  await expect(dialog).toContainText(rewardName);
  await dialog.getByTestId('confirm-button').click();
  await expect(row).toContainText('Inactivo');
  await page.getByRole('tab', { name: 'Por área' }).click();
  await expect(page.getByRole('region', { name: areaName })).not.toContainText(rewardName);
  await page.getByRole('tab', { name: 'Reconocimientos' }).click();
  await row.getByRole('button', { name: /^Activar/ }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(row).toContainText('Activo');

  // --- an area with recognitions cannot be deleted ---
  await page.getByRole('tab', { name: 'Áreas' }).click();
  await expect(areaCard).toContainText('Reconocimientos: 2');
  await areaCard.getByRole('button', { name: /^Eliminar/ }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('Esta área tiene reconocimientos')).toBeVisible();
  await expect(areaCard).toBeVisible();

  // --- delete the unused recognition, after confirming (a first Cancel keeps it) ---
  await page.getByRole('tab', { name: 'Reconocimientos' }).click();
  const spare = rows.filter({ hasText: spareName });
  await spare.getByRole('button', { name: /^Eliminar/ }).click();
  await expect(dialog).toContainText(`¿Eliminar el reconocimiento «${spareName}»?`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(spare).toBeVisible();
  await spare.getByRole('button', { name: /^Eliminar/ }).click();
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByText('Eliminado', { exact: true })).toBeVisible();
  await expect(spare).toHaveCount(0);
  await expect(row).toBeVisible();

  // --- the same page in English ---
  await page.getByRole('button', { name: 'en', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Recognitions · / })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'By area' })).toBeVisible();
  await expect(row).toContainText('2 per year');
  await expect(row).toContainText('Active');
  // Names in English where written (the seeded ones); this journey's, written in Spanish only, marked.
  await expect(row.getByRole('img', { name: 'Only in Spanish' })).toHaveCount(2); // its name and its area's
  await expect(rows.filter({ hasText: 'Class' })).toContainText('once per class');
  await expect(rows.filter({ hasText: 'Webinar' })).toContainText('once per webinar');
  await expect(rows.filter({ hasText: 'Voice of the customer' })).toContainText('1 per month');
  await row.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit recognition' })).toBeVisible();
  await expect(dialog.getByLabel('Times per person')).toHaveValue('2');
  await expectNoSeriousViolations(page, 'recognition form (en)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'By area' }).click();
  await expect(page.getByRole('region', { name: areaName })).toContainText('300 points');
  await expectNoSeriousViolations(page, 'by area (en)');
  await page.getByRole('tab', { name: 'Areas' }).click();
  await expect(areaCard).toContainText('Recognitions: 1');
  await expectNoSeriousViolations(page, 'areas (en)');
  // Back to Spanish for whoever uses this browser profile next.
  await page.getByRole('button', { name: 'es', exact: true }).first().click();
  await expect(page.getByRole('tab', { name: 'Áreas' })).toBeVisible();
});
