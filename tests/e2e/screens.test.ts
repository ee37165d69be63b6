import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectAccessible } from './support/axe';
import { setupE2e, uid } from './support/e2e';
import {
  measureLayout,
  PHONE_MAX_WIDTH,
  routerTargets,
  SCREENSHOTS_DIR,
  takeScreenshots,
  WIDTHS,
} from './support/layout';
import { recordWebm, type ReviewSetup, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

type Role = 'public' | 'student' | 'teacher' | 'admin';

/** One screen: the router path it stands for, the address to open, and a dialog it can open. */
interface Screen {
  route: string;
  path: (ids: Ids) => string;
  /** Where an address that only redirects ends. */
  redirectsTo?: RegExp;
  /** A button on the screen that opens a dialog, looked at too. */
  dialog?: string;
}

interface Ids {
  setup: ReviewSetup;
  audioId: number;
  taskId: number;
}

const SCREENS: Record<Role, Screen[]> = {
  public: [
    { route: '/', path: () => '/' },
    { route: '/login', path: () => '/login' },
    { route: '/register', path: () => '/register' },
    { route: '/recover', path: () => '/recover' },
    { route: '/recover/$id', path: () => '/recover/not-a-real-token-0000000000' },
    { route: '/$', path: () => '/no-such-page', redirectsTo: /\/login$/ },
  ],
  student: [
    { route: '/student', path: () => '/student', redirectsTo: /\/student\/exams$/ },
    { route: '/student/$', path: () => '/student/nothing', redirectsTo: /\/student\/exams$/ },
    { route: '/student/exams', path: () => '/student/exams' },
    { route: '/student/exams/$id', path: ({ setup }) => `/student/exams/${setup.examId}` },
    { route: '/student/exams/$id/session', path: ({ setup }) => `/student/exams/${setup.examId}/session` },
    { route: '/student/audios', path: () => '/student/audios' },
    { route: '/student/audios/$id', path: ({ audioId }) => `/student/audios/${audioId}` },
    { route: '/student/requests', path: () => '/student/requests' },
    { route: '/student/profile', path: () => '/student/profile' },
  ],
  teacher: [
    { route: '/teacher', path: () => '/teacher', redirectsTo: /\/teacher\/exams$/ },
    { route: '/teacher/$', path: () => '/teacher/nothing', redirectsTo: /\/teacher\/exams$/ },
    { route: '/teacher/exams', path: () => '/teacher/exams', dialog: 'Создать экзамен' },
    {
      route: '/teacher/exams/$id',
      path: ({ setup }) => `/teacher/exams/${setup.examId}`,
      dialog: 'Статистика',
    },
    { route: '/teacher/audios/$id', path: ({ audioId }) => `/teacher/audios/${audioId}` },
    { route: '/teacher/variants', path: () => '/teacher/variants', dialog: 'Создать вариант' },
    { route: '/teacher/variants/$id', path: ({ setup }) => `/teacher/variants/${setup.variantId}` },
    { route: '/teacher/tasks', path: () => '/teacher/tasks', dialog: 'Создать задание' },
    { route: '/teacher/tasks/$id', path: ({ taskId }) => `/teacher/tasks/${taskId}` },
    { route: '/teacher/students', path: () => '/teacher/students', dialog: 'Создать ученика' },
    { route: '/teacher/students/$id', path: ({ setup }) => `/teacher/students/${setup.student.id}` },
    { route: '/teacher/files', path: () => '/teacher/files' },
    { route: '/teacher/profile', path: () => '/teacher/profile' },
  ],
  admin: [
    { route: '/admin', path: () => '/admin', redirectsTo: /\/admin\/main$/ },
    { route: '/admin/$', path: () => '/admin/nothing', redirectsTo: /\/admin\/main$/ },
    { route: '/admin/main', path: () => '/admin/main' },
    { route: '/admin/students', path: () => '/admin/students', dialog: 'Создать ученика' },
    { route: '/admin/students/$id', path: ({ setup }) => `/admin/students/${setup.student.id}` },
    { route: '/admin/teachers', path: () => '/admin/teachers', dialog: 'Создать учителя' },
    { route: '/admin/teachers/$id', path: ({ setup }) => `/admin/teachers/${setup.teacher.id}` },
  ],
};

let fixtures: Promise<Ids> | undefined;

/** Made once, by the first test that needs them: a real recording needs a page to record in. */
function ensureFixtures(page: Page): Promise<Ids> {
  fixtures ??= (async () => {
    const setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    const audio = await recordWebm(page, 2500);
    const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 1]);
    const res = await fetch(`${env.baseUrl}/api/teacher/tasks?page_size=10&page_number=0`, {
      headers: { authorization: `Bearer ${setup.teacher.token}` },
    });
    const { tasks } = (await res.json()) as { tasks: { id: number }[] };
    return { setup, audioId: recording.id, taskId: tasks[0].id };
  })();
  return fixtures;
}

async function waitForScreen(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .locator('[aria-label="Загрузка"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Looks at the open screen (or dialog) at every width; collects what is wrong. */
async function lookAt(page: Page, role: Role, name: string, problems: string[], axe: boolean) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    // Let media queries and the layout settle after the resize.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(150);
    const phone = width <= PHONE_MAX_WIDTH;
    const m = await measureLayout(page, phone);
    const where = `${role} ${name} at ${width}px`;
    if (m.overflow > 0)
      problems.push(`${where}: scrolls sideways by ${m.overflow}px (${m.overflowing.join('; ')})`);
    // One row at every width: at 768 px the teacher's links once wrapped, 'Выйти' alone below.
    if (m.barHeight !== null && m.barHeight > 64) {
      problems.push(`${where}: the top bar is ${m.barHeight}px high (more than one row)`);
    }
    if (m.smallTargets.length > 0) {
      problems.push(`${where}: touch targets under 44px: ${m.smallTargets.join('; ')}`);
    }
    if (takeScreenshots) {
      fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      const file = `${role}${name.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, file), fullPage: true });
    }
    if (axe && (width === 360 || width === 1280)) {
      await expectAccessible(page, `${where}`).catch((e: Error) => problems.push(e.message));
    }
  }
}

async function lookAtRole(page: Page, role: Role, ids: Ids) {
  const problems: string[] = [];
  for (const screen of SCREENS[role]) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(screen.path(ids));
    if (screen.redirectsTo) {
      await page.waitForURL(screen.redirectsTo);
      continue;
    }
    await waitForScreen(page);
    await lookAt(page, role, screen.route, problems, true);
    if (screen.dialog) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: screen.dialog, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await lookAt(page, role, `${screen.route} dialog '${screen.dialog}'`, problems, true);
      await page.setViewportSize({ width: 360, height: 780 });
      // The dialog turns full-screen on the re-render that follows the media query; on a busy
      // machine that comes a few frames after the resize.
      const fullScreen = async () => {
        const box = await dialog.boundingBox();
        return box !== null && box.width >= 359 && box.height >= 779;
      };
      const deadline = Date.now() + 5_000;
      while (!(await fullScreen()) && Date.now() < deadline) await page.waitForTimeout(100);
      if (!(await fullScreen())) {
        problems.push(`${role} ${screen.route} dialog '${screen.dialog}' is not full-screen at 360px`);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  }
  expect(problems).toEqual([]);
}

describe('every screen of every role at 360, 390, 768 and 1280 px', () => {
  test('the table covers every route of the router', async () => {
    const covered = Object.values(SCREENS).flatMap((screens) => screens.map((s) => s.route));
    expect([...routerTargets()].sort()).toEqual([...covered].sort());
  });

  test('public screens', async ({ page }) => {
    await lookAtRole(page, 'public', await ensureFixtures(page));
  }, 300_000);

  test('student screens', async ({ page }) => {
    const ids = await ensureFixtures(page);
    await new LoginPage(page).loginAs(ids.setup.student, /\/student\/exams$/);
    await lookAtRole(page, 'student', ids);
  }, 300_000);

  test('teacher screens', async ({ page }) => {
    const ids = await ensureFixtures(page);
    await new LoginPage(page).loginAs(ids.setup.teacher, /\/teacher\/exams$/);
    await lookAtRole(page, 'teacher', ids);
  }, 400_000);

  test('admin screens', async ({ page }) => {
    const ids = await ensureFixtures(page);
    await new LoginPage(page).loginAs(env.admin, /\/admin\/main$/);
    await lookAtRole(page, 'admin', ids);
  }, 300_000);
});

/** Two boxes share some area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator.toString()}`);
  return box;
}

describe('layouts that hold where people stumbled', () => {
  test('teacher at 360 px: the global search chip beside the name, the criterion name field wide enough', async ({
    page,
  }) => {
    const ids = await ensureFixtures(page);
    await new LoginPage(page).loginAs(ids.setup.teacher, /\/teacher\/exams$/);
    await page.setViewportSize({ width: 360, height: 780 });

    await page.goto('/teacher/students');
    await page.getByRole('button', { name: 'Глобальный поиск' }).click();
    const dialog = page.getByRole('dialog', { name: 'Глобальный поиск' });
    await dialog.getByRole('searchbox', { name: 'Поиск' }).fill(ids.setup.student.username);
    const row = dialog
      .getByTestId('global-student-row')
      .filter({ hasText: `@${ids.setup.student.username}` });
    const chip = row.getByText('В вашем списке');
    await chip.waitFor();
    const name = row.getByText(ids.setup.student.surname, { exact: false }).first();
    expect(overlap(await boxOf(chip), await boxOf(name))).toBe(false);
    await page.keyboard.press('Escape');

    await page.goto('/teacher/tasks');
    await page.getByRole('button', { name: 'Создать задание' }).click();
    const task = page.getByRole('dialog');
    await task.getByRole('button', { name: 'Добавить критерий' }).click();
    const criterion = task.getByRole('textbox', { name: 'Критерий 1' });
    expect((await boxOf(criterion)).width).toBeGreaterThan(150);
  });

  test('student at 360 px: a checked recording keeps its title readable beside its chip; the exam page’s offline line is whole', async ({
    page,
  }) => {
    const ids = await ensureFixtures(page);
    const res = await fetch(`${env.baseUrl}/api/teacher/audios/${ids.audioId}/switch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ids.setup.teacher.token}` },
    });
    expect(res.status).toBe(200);
    await new LoginPage(page).loginAs(ids.setup.student, /\/student\/exams$/);
    await page.setViewportSize({ width: 360, height: 780 });

    await page.goto('/student/audios');
    const title = page.getByText(ids.setup.examName, { exact: false }).first();
    await page.getByText('Проверено').first().waitFor();
    expect((await boxOf(title)).width).toBeGreaterThan(150);

    await page.goto(`/student/exams/${ids.setup.examId}`);
    const ready = page.getByTestId('exam-offline-ready');
    await ready.waitFor({ timeout: 20_000 });
    const cut = await ready.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut).toBe(false);
  });
});
