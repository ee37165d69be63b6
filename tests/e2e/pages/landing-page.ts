import type { Page } from 'playwright-core';

export class LandingPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/');
    await this.heading.waitFor();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Подготовка к экзаменам стала проще' });
  }

  private get carousel() {
    return this.page.getByRole('region', { name: 'Возможности' });
  }

  /** The title of the card on show. */
  async cardTitle(): Promise<string> {
    return (await this.carousel.getByRole('heading', { level: 2 }).textContent()) ?? '';
  }

  async waitForCard(title: string) {
    await this.carousel.getByRole('heading', { level: 2, name: title }).waitFor();
  }

  async next() {
    await this.carousel.getByRole('button', { name: 'Далее' }).click();
  }

  async back() {
    await this.carousel.getByRole('button', { name: 'Назад' }).click();
  }
}
