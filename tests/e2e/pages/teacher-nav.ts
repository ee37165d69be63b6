import type { Page } from 'playwright-core';

/** The teacher's bar: goes to a section by its link, the way a user does. */
export async function openTeacherSection(
  page: Page,
  name: 'Экзамены' | 'Варианты' | 'Задания' | 'Ученики' | 'Файлы',
  path: RegExp,
) {
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name }).click();
  await page.waitForURL(path);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}
