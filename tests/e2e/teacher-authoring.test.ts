import fs from 'node:fs';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { StudentRequestsPage } from './pages/student-requests-page';
import { TeacherExamsPage } from './pages/teacher-exams-page';
import { TeacherFilesPage } from './pages/teacher-files-page';
import { openTeacherSection } from './pages/teacher-nav';
import { TeacherStudentsPage } from './pages/teacher-students-pages';
import { TeacherTasksPage } from './pages/teacher-tasks-pages';
import { TeacherVariantPage, TeacherVariantsPage } from './pages/teacher-variants-pages';
import { dismissToasts, expectToast } from './pages/toasts';
import { newUser, registerUser } from './support/api';
import { expectAccessible } from './support/axe';
import { setupE2e, uid } from './support/e2e';
import { FAKE_AUDIO } from './support/paths';

const { test } = setupE2e(import.meta.url);

/** A 1×1 PNG: the server takes a file by its bytes, not by its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('teacher authoring', () => {
  test('files, tasks of both types, a variant, a student by request, and an exam for them', async ({
    page,
  }) => {
    const suffix = uid();
    const teacher = newUser('auth', suffix);
    const student = newUser('authst', suffix);
    await registerUser(teacher, 'TEACHER');
    await registerUser(student, 'STUDENT');
    const image = `Картинка-${suffix}.png`;
    const audio = `Речь-${suffix}.wav`;
    const textTask = `Описание-${suffix}`;
    const audioTask = `Аудирование-${suffix}`;
    const variant = `Вариант-${suffix}`;
    const exam = `Экзамен-${suffix}`;

    const login = new LoginPage(page);
    await login.loginAs(teacher, /\/teacher\/exams$/);

    // ---- files ----
    await openTeacherSection(page, 'Файлы', /\/teacher\/files$/);
    const files = new TeacherFilesPage(page);
    // 'Сохранить' with nothing chosen does nothing.
    await files.save();
    await page.getByText('Ничего не найдено').waitFor();
    await files.choose([
      { name: 'picture.png', mimeType: 'image/png', buffer: PNG },
      { name: audio, mimeType: 'audio/wav', buffer: fs.readFileSync(FAKE_AUDIO) },
    ]);
    await files.save();
    await files.card(audio).waitFor();
    await files.rename('picture.png', image);
    expect(await files.card(image).locator('img').getAttribute('src')).toMatch(
      /^\/api\/files\/\d+\/content\?/,
    );
    expect(await files.card(audio).locator('img').count()).toBe(0);
    await files.search('нет-такого-файла');
    await page.getByText('Ничего не найдено').waitFor();
    await expectAccessible(page, '/teacher/files');

    // ---- tasks ----
    await openTeacherSection(page, 'Задания', /\/teacher\/tasks$/);
    const tasks = new TeacherTasksPage(page);
    const first = await tasks.openCreate();
    await first.fillName(textTask);
    expect(await first.mmss('duration').textContent()).toBe('00:00');
    await first.duration().fill('90');
    await first.preparation().fill('30');
    expect(await first.mmss('duration').textContent()).toBe('01:30');
    expect(await first.mmss('preparationDuration').textContent()).toBe('00:30');
    await first.typeText('');
    await first.bold();
    await page.keyboard.type('Опишите картинку');
    await first.files.pick(image);
    // The type has to be chosen first.
    await first.submit('Создать');
    await expectToast(page, 'Выберите тип задания');
    await first.chooseType('Текстовое задание');
    await expectAccessible(page, 'the task dialog');
    await first.submit('Создать');
    await expectToast(page, 'Задание создано');
    await first.waitClosed();

    await dismissToasts(page);
    const second = await tasks.openCreate();
    await second.fillName(audioTask);
    await second.chooseType('Аудиозадание');
    await second.duration().fill('60');
    await second.preparation().fill('15');
    await second.typeText('Прослушайте и ответьте');
    await second.files.pick(audio);
    await second.submit('Создать');
    await expectToast(page, 'Задание создано');
    await second.waitClosed();

    await tasks.open(textTask);
    await page.getByRole('heading', { level: 1, name: textTask }).waitFor();
    expect(await page.getByTestId('rich-text').innerHTML()).toContain('<strong>Опишите картинку</strong>');
    await page.getByRole('img', { name: image }).waitFor();

    // ---- variant: the order of picking is the order ----
    await openTeacherSection(page, 'Варианты', /\/teacher\/variants$/);
    const variants = new TeacherVariantsPage(page);
    const dialog = await variants.openCreate();
    await dialog.fillName(variant);
    // Two tasks fit on the first page: picked straight from the list.
    await dialog.tasks.checkbox(audioTask).check();
    await dialog.tasks.checkbox(textTask).check();
    expect(await dialog.order()).toEqual([audioTask, textTask]);
    expect(await dialog.tasks.orderOf(audioTask)).toBe('1');
    // Unpicking renumbers the rest; picking again puts it last.
    await dialog.tasks.checkbox(audioTask).uncheck();
    expect(await dialog.tasks.orderOf(textTask)).toBe('1');
    expect(await dialog.tasks.orderOf(audioTask)).toBe(null);
    await dialog.tasks.checkbox(audioTask).check();
    expect(await dialog.order()).toEqual([textTask, audioTask]);
    expect(await dialog.tasks.orderOf(textTask)).toBe('1');
    expect(await dialog.tasks.orderOf(audioTask)).toBe('2');
    await expectAccessible(page, 'the variant dialog');
    await dialog.submit('Создать');
    await expectToast(page, 'Вариант создан');
    await dialog.waitClosed();

    await variants.open(variant);
    const variantPage = new TeacherVariantPage(page);
    await page.getByRole('heading', { level: 1, name: variant }).waitFor();
    expect(await variantPage.taskNames()).toEqual([textTask, audioTask]);
    const player = await variantPage.playAudio(audio);
    await player.waitFor();
    await player.getByRole('button', { name: 'Пауза' }).waitFor();
    await expectAccessible(page, 'the variant page');

    // ---- the student, found by global search ----
    await openTeacherSection(page, 'Ученики', /\/teacher\/students$/);
    const students = new TeacherStudentsPage(page);
    const search = await students.openGlobalSearch();
    await search.sendRequest(student.username);
    await expectToast(page, 'Заявка отправлена');
    await search.row(student.username).getByText('Заявка отправлена', { exact: true }).waitFor();
    await expectAccessible(page, 'the global search');
    await search.close();

    // ---- the student accepts ----
    await login.loginAs(student, /\/student\/exams$/);
    const requests = new StudentRequestsPage(page);
    await requests.goto();
    const teacherName = `${teacher.surname} ${teacher.name} ${teacher.patronymic}`;
    await requests.row(teacherName).waitFor();
    await expectAccessible(page, '/student/requests');
    await requests.accept(teacherName);
    await expectToast(page, 'Заявка одобрена');
    await page.getByText('Здесь появятся приглашения учителей').waitFor();

    // ---- the teacher gives the student an exam ----
    await login.loginAs(teacher, /\/teacher\/exams$/);
    await openTeacherSection(page, 'Ученики', /\/teacher\/students$/);
    await students.row(student.username).waitFor();

    await openTeacherSection(page, 'Экзамены', /\/teacher\/exams$/);
    const exams = new TeacherExamsPage(page);
    const examDialog = await exams.openCreate();
    await examDialog.fillName(exam);
    // Create only on the students step.
    expect(await examDialog.root.getByRole('button', { name: 'Создать', exact: true }).count()).toBe(0);
    await examDialog.picker.pick(variant);
    await examDialog.next();
    await examDialog.picker.pick(student.surname);
    await examDialog.back();
    expect(await examDialog.picker.checkbox(variant).isChecked()).toBe(true);
    await examDialog.next();
    expect(await examDialog.picker.checkbox(student.surname).isChecked()).toBe(true);
    await expectAccessible(page, 'the exam dialog');
    await examDialog.submit('Создать');
    await expectToast(page, 'Экзамен создан');
    await examDialog.waitClosed();
    await exams.row(exam).waitFor();
    expect(await exams.row(exam).getByRole('link', { name: exam }).getAttribute('href')).toMatch(
      /^\/teacher\/exams\/\d+$/,
    );
    await expectAccessible(page, '/teacher/exams');
  });
});
