import type { Page } from 'playwright-core';

/** The main menu of a signed-in area. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Основное меню' });

/**
 * 'Выйти' in the main menu, without reloading the app (the page keeps running, sends in flight
 * included). With `unsent`, the user's work is still on the device and the app asks first: the
 * user leaves anyway. Waits for the login form.
 */
export async function logOut(page: Page, { unsent = false }: { unsent?: boolean } = {}): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Выйти' }).click();
  if (unsent) {
    const ask = page.getByRole('dialog', { name: 'Выйти, не отправив данные?' });
    await ask.getByRole('button', { name: 'Выйти' }).click();
  }
  await page.getByRole('heading', { name: 'Вход' }).waitFor();
}
