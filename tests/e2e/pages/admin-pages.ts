import type { Locator, Page } from 'playwright-core';
import type { TestUser } from '../support/api';

type Kind = 'students' | 'teachers';

const CREATE_BUTTON: Record<Kind, string> = { students: 'Создать ученика', teachers: 'Создать учителя' };
const FIELDS = ['username', 'password', 'email', 'name', 'surname', 'patronymic'] as const;

/** The account dialog (create or edit). */
export class UserDialogModel {
  constructor(readonly root: Locator) {}

  field(name: (typeof FIELDS)[number]) {
    return this.root.locator(`input[name="${name}"]`);
  }

  async fill(values: Partial<TestUser>) {
    for (const name of FIELDS) {
      const value = values[name];
      if (value !== undefined) await this.field(name).fill(value);
    }
  }

  async submit() {
    await this.root.getByRole('button', { name: /^(Создать|Сохранить)$/ }).click();
  }

  async waitClosed() {
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /admin/students and /admin/teachers. */
export class AdminUsersPage {
  constructor(
    private readonly page: Page,
    private readonly kind: Kind,
  ) {}

  async goto() {
    await this.page.goto(`/admin/${this.kind}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  get dialog() {
    return new UserDialogModel(this.page.getByRole('dialog'));
  }

  async openCreate() {
    await this.page.getByRole('button', { name: CREATE_BUTTON[this.kind] }).click();
    await this.dialog.root.waitFor();
    return this.dialog;
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  rows() {
    return this.page.getByTestId('user-row');
  }

  row(username: string) {
    return this.rows().filter({ has: this.page.getByRole('link', { name: username, exact: true }) });
  }

  async openEdit(username: string) {
    await this.row(username).getByRole('button', { name: 'Редактировать' }).click();
    await this.dialog.root.waitFor();
    return this.dialog;
  }

  async open(username: string) {
    // A click on the row itself (not its link) must lead to the account too.
    await this.row(username).getByRole('cell').first().click();
    await this.page.waitForURL(new RegExp(`/admin/${this.kind}/\\d+$`));
  }
}

/** /admin/students/{id} and /admin/teachers/{id}. */
export class AdminUserDetailPage {
  constructor(private readonly page: Page) {}

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get contact() {
    return this.page.getByTestId('user-contact');
  }

  async showLogins() {
    await this.page.getByRole('radio', { name: 'Авторизации' }).check();
    return this.page.getByRole('table', { name: 'Авторизации' });
  }

  async showRecoveries() {
    await this.page.getByRole('radio', { name: 'Восстановления пароля' }).check();
  }

  /** The body rows of the table on show, as cell texts. */
  async tableRows(name: string): Promise<string[][]> {
    const table = this.page.getByRole('table', { name });
    await table.waitFor();
    return table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent ?? '')),
      );
  }
}
