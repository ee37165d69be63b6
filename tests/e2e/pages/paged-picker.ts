import type { Locator } from 'playwright-core';

/** A paged, searchable picker inside a dialog (files, tasks, variants, students). */
export class PagedPickerModel {
  constructor(readonly root: Locator) {}

  async search(text: string) {
    await this.root.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  checkbox(label: string) {
    return this.root.getByRole('checkbox', { name: label });
  }

  /** Searches for the item (lists are paged) and ticks it. */
  async pick(label: string) {
    await this.search(label);
    await this.checkbox(label).check();
  }

  async unpick(label: string) {
    await this.search(label);
    await this.checkbox(label).uncheck();
  }

  /** The number shown beside a picked item (the order of picking). */
  async orderOf(label: string): Promise<string | null> {
    // A `has` locator is matched inside each item, so it starts from the page, not from root.
    const checkbox = this.root.page().getByRole('checkbox', { name: label });
    const item = this.root.getByTestId('check-item').filter({ has: checkbox });
    await item.waitFor();
    const badge = item.getByTestId('pick-order');
    return (await badge.count()) > 0 ? badge.textContent() : null;
  }
}
