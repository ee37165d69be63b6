import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExam, createTask, createVariant, insertRecording, linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import {
  callerFor,
  createTestApp,
  DATABASES,
  login,
  registerAndLogin,
  userFields,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('teacher students on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);
  const names = (res: { json(): unknown }) =>
    (res.json() as { students: Array<{ surname: string }> }).students.map((s) => s.surname);

  it('lists accepted students only, by surname, and searches them with ё = е', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const b = await registerAndLogin(t.app, 'student', { surname: 'Борисов' });
    const a = await registerAndLogin(t.app, 'student', { surname: 'Алексеев' });
    const e = await registerAndLogin(t.app, 'student', { surname: 'Ёлкин' });
    const waiting = await registerAndLogin(t.app, 'student', { surname: 'Ждущий' });
    for (const s of [b, a, e]) await linkStudent(t.app, teacher, s);
    await call(teacher, 'POST', `/api/teacher/student/${waiting.id}`);

    const list = await call(teacher, 'GET', '/api/teacher/students?page_size=2&page_number=0');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 0, pages: 2 });
    expect(names(list)).toEqual(['Алексеев', 'Борисов']);
    expect(list.json().students[0]).toEqual({
      id: a.id,
      username: a.fields.username,
      name: 'Иван',
      surname: 'Алексеев',
      patronymic: 'Сергеевич',
    });
    const search = await call(
      teacher,
      'GET',
      `/api/teacher/students/search?page_size=5&page_number=0&search_string=${encodeURIComponent('ЕЛК')}`,
    );
    expect(names(search)).toEqual(['Ёлкин']);
    const none = await call(
      teacher,
      'GET',
      `/api/teacher/students/search?page_size=5&page_number=0&search_string=${encodeURIComponent('Ждущий')}`,
    );
    expect(none.json()).toEqual({ page: 0, pages: 0, students: [] });
    expectError(await call(teacher, 'GET', '/api/teacher/students?page_size=500&page_number=0'), 400);
  });

  it('searches all students globally with the link status towards the teacher', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const marker = `Глоб${Date.now().toString(36)}`;
    const linked = await registerAndLogin(t.app, 'student', { surname: `${marker}А` });
    const asked = await registerAndLogin(t.app, 'student', { surname: `${marker}Б` });
    const free = await registerAndLogin(t.app, 'student', { surname: `${marker}В` });
    await registerAndLogin(t.app, 'teacher', { surname: `${marker}Учитель` });
    await linkStudent(t.app, teacher, linked);
    await call(teacher, 'POST', `/api/teacher/student/${asked.id}`);

    const res = await call(
      teacher,
      'GET',
      `/api/teacher/students/global/search?page_size=10&page_number=0&search_string=${encodeURIComponent(marker.toUpperCase())}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().students as Array<{ id: number; link_status: string }>).map((s) => [s.id, s.link_status]),
    ).toEqual([
      [linked.id, 'accepted'],
      [asked.id, 'pending'],
      [free.id, 'none'],
    ]);
    const all = await call(teacher, 'GET', '/api/teacher/students/global?page_size=20&page_number=0');
    expect(all.statusCode).toBe(200);
    expect(all.json().students.length).toBeGreaterThanOrEqual(3);
    expectError(await call(teacher, 'GET', '/api/teacher/students/global?page_size=5'), 400);
  });

  it('sends a request once; a repeat or an accepted student answers 409; non-students 404', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student');
    const res = await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Заявка отправлена' });
    const again = await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    expectError(again, 409);
    expect(again.json().message).toBe('Заявка этому ученику уже отправлена');
    // Another teacher may ask the same student.
    expect((await call(other, 'POST', `/api/teacher/student/${student.id}`)).statusCode).toBe(200);

    const linked = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, linked);
    const already = await call(teacher, 'POST', `/api/teacher/student/${linked.id}`);
    expectError(already, 409);
    expect(already.json().message).toBe('Ученик уже есть в вашем списке');

    expectError(await call(teacher, 'POST', `/api/teacher/student/${other.id}`), 404);
    expectError(await call(teacher, 'POST', '/api/teacher/student/999999'), 404);
    expectError(await call(teacher, 'POST', '/api/teacher/student/abc'), 400);
  });

  it('shows a linked student’s header; pending, foreign and missing ones answer 404', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student', { surname: 'Заголовков' });
    const waiting = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    await call(teacher, 'POST', `/api/teacher/student/${waiting.id}`);

    const res = await call(teacher, 'GET', `/api/teacher/students/${student.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: student.id,
      username: student.fields.username,
      email: student.fields.email,
      name: 'Иван',
      surname: 'Заголовков',
      patronymic: 'Сергеевич',
    });
    const foreign = await call(other, 'GET', `/api/teacher/students/${student.id}`);
    expectError(foreign, 404);
    expect(foreign.json()).toEqual((await call(other, 'GET', '/api/teacher/students/999999')).json());
    expectError(await call(teacher, 'GET', `/api/teacher/students/${waiting.id}`), 404);
    expectError(await call(teacher, 'GET', `/api/teacher/students/${other.id}`), 404);
  });

  it('removes a student from the list and from the teacher’s exams; withdraws a request', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    await linkStudent(t.app, other, student);
    const variant = await createVariant(t.app, teacher, [(await createTask(t.app, teacher)).id]);
    const exam = await createExam(t.app, teacher, [variant.id], [student.id]);
    const otherExam = await createExam(
      t.app,
      other,
      [(await createVariant(t.app, other, [(await createTask(t.app, other)).id])).id],
      [student.id],
    );

    expectError(await call(other, 'DELETE', '/api/teacher/student/999999'), 404);
    const res = await call(teacher, 'DELETE', `/api/teacher/student/${student.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Ученик удален из списка' });
    expect((await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`)).json().studentsID).toEqual([]);
    // The other teacher's link and exam are untouched.
    expect((await call(other, 'GET', `/api/teacher/exam/${otherExam.id}`)).json().studentsID).toEqual([
      student.id,
    ]);
    expect((await call(other, 'GET', `/api/teacher/students/${student.id}`)).statusCode).toBe(200);
    expectError(await call(teacher, 'GET', `/api/teacher/students/${student.id}`), 404);
    expectError(await call(teacher, 'DELETE', `/api/teacher/student/${student.id}`), 404);

    const waiting = await registerAndLogin(t.app, 'student');
    await call(teacher, 'POST', `/api/teacher/student/${waiting.id}`);
    expect((await call(teacher, 'DELETE', `/api/teacher/student/${waiting.id}`)).statusCode).toBe(200);
    const requests = await call(waiting, 'GET', '/api/student/requests?page_size=5&page_number=0');
    expect(requests.json().requests).toEqual([]);
  });

  it('creates a student account, linked at once, who can log in', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const fields = userFields({ surname: 'Созданный', patronymic: undefined });
    const res = await call(teacher, 'POST', '/api/teacher/students', fields);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      username: fields.username,
      email: fields.email,
      name: 'Иван',
      surname: 'Созданный',
      patronymic: '',
    });
    expect((await call(teacher, 'GET', `/api/teacher/students/${created.id}`)).statusCode).toBe(200);
    const session = await login(t.app, fields.username, fields.password);
    const role = await call(session, 'GET', '/api/auth/role');
    expect(role.json()).toEqual({ role: 'STUDENT' });
  });

  it('refuses a taken username or e-mail with 409 errors, and bad fields with 400', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const existing = await registerAndLogin(t.app, 'student');
    const taken = await call(
      teacher,
      'POST',
      '/api/teacher/students',
      userFields({
        username: existing.fields.username.toUpperCase(),
        email: existing.fields.email,
      }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      errors: ['Пользователь с таким логином уже существует', 'Пользователь с такой почтой уже существует'],
    });
    for (const body of [
      userFields({ password: '123' }),
      userFields({ email: 'not-an-email' }),
      userFields({ username: 'a b' }),
      userFields({ name: '' }),
      { username: 'only' },
    ]) {
      expectError(await call(teacher, 'POST', '/api/teacher/students', body), 400);
    }
  });

  it('lists a linked student’s exams and recordings in the teacher’s exams only', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    await linkStudent(t.app, other, student);
    const variant = await createVariant(t.app, teacher, [(await createTask(t.app, teacher)).id]);
    const spring = await createExam(t.app, teacher, [variant.id], [student.id], 'Весна');
    const autumn = await createExam(t.app, teacher, [variant.id], [student.id], 'Осень');
    await createExam(t.app, teacher, [variant.id], [], 'Без ученика');
    const foreignExam = await createExam(
      t.app,
      other,
      [(await createVariant(t.app, other, [(await createTask(t.app, other)).id])).id],
      [student.id],
      'Чужой',
    );
    const r1 = await insertRecording(t.app, {
      examId: spring.id,
      studentId: student.id,
      name: 'Весна — запись',
      createdAt: '2024-03-01T00:00:00.000Z',
    });
    const r2 = await insertRecording(t.app, {
      examId: autumn.id,
      studentId: student.id,
      name: 'Осень — запись',
      createdAt: '2024-09-01T00:00:00.000Z',
    });
    await insertRecording(t.app, { examId: foreignExam.id, studentId: student.id, name: 'Чужая запись' });

    const exams = await call(
      teacher,
      'GET',
      `/api/teacher/students/${student.id}/exams?page_size=10&page_number=0`,
    );
    expect(exams.statusCode, exams.body).toBe(200);
    expect(exams.json()).toEqual({
      page: 0,
      pages: 1,
      exams: [
        { id: spring.id, name: 'Весна' },
        { id: autumn.id, name: 'Осень' },
      ],
    });
    const examSearch = await call(
      teacher,
      'GET',
      `/api/teacher/students/${student.id}/exams/search?page_size=10&page_number=0&search_string=${encodeURIComponent('осе')}`,
    );
    expect(examSearch.json().exams).toEqual([{ id: autumn.id, name: 'Осень' }]);

    const audios = await call(
      teacher,
      'GET',
      `/api/teacher/students/${student.id}/audios?page_size=10&page_number=0`,
    );
    expect(audios.statusCode, audios.body).toBe(200);
    expect(audios.json().audios.map((a: { id: number }) => a.id)).toEqual([r2, r1]);
    expect(audios.json().audios[0]).toEqual({
      id: r2,
      name: 'Осень — запись',
      date: '2024-09-01T00:00:00.000Z',
      checked: false,
      total: null,
      maxTotal: null,
      // The student's first recording of the autumn exam (the spring one is another exam's).
      attempt: 1,
      // insertRecording's length
      duration: 1,
      interrupted: false,
      late: false,
      afterClose: false,
      overAttempts: false,
    });
    const audioSearch = await call(
      teacher,
      'GET',
      `/api/teacher/students/${student.id}/audios/search?page_size=10&page_number=0&search_string=${encodeURIComponent('ВЕСНА')}`,
    );
    expect(audioSearch.json().audios.map((a: { id: number }) => a.id)).toEqual([r1]);

    const stranger = await registerAndLogin(t.app, 'teacher');
    expectError(
      await call(stranger, 'GET', `/api/teacher/students/${student.id}/exams?page_size=10&page_number=0`),
      404,
    );
    expectError(
      await call(
        stranger,
        'GET',
        `/api/teacher/students/${student.id}/audios/search?page_size=10&page_number=0&search_string=a`,
      ),
      404,
    );
    expectError(
      await call(teacher, 'GET', `/api/teacher/students/${student.id}/audios?page_size=0&page_number=0`),
      400,
    );
  });

  it('needs a teacher’s token for every student call', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    const q = 'page_size=5&page_number=0';
    const calls: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', `/api/teacher/students?${q}`],
      ['GET', `/api/teacher/students/search?${q}&search_string=a`],
      ['GET', `/api/teacher/students/global?${q}`],
      ['GET', `/api/teacher/students/global/search?${q}&search_string=a`],
      ['GET', `/api/teacher/students/${student.id}`],
      ['GET', `/api/teacher/students/${student.id}/exams?${q}`],
      ['GET', `/api/teacher/students/${student.id}/exams/search?${q}&search_string=a`],
      ['GET', `/api/teacher/students/${student.id}/audios?${q}`],
      ['GET', `/api/teacher/students/${student.id}/audios/search?${q}&search_string=a`],
      ['POST', `/api/teacher/student/${student.id}`],
      ['DELETE', `/api/teacher/student/${student.id}`],
      ['POST', '/api/teacher/students', userFields()],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(student, method, url, payload), 403);
    }
  });
});
