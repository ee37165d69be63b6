import type { Page } from 'playwright-core';

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('#notistack-snackbar').getByText(text, { exact: true }).first().waitFor();
}

/** Lets the open toasts go (they slide over the nav bar and would sit in front of clicks). */
export async function dismissToasts(page: Page): Promise<void> {
  await page.locator('#notistack-snackbar').first().waitFor({ state: 'detached', timeout: 8000 });
}
