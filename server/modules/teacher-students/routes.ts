import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  createStudentBodySchema,
  GLOBAL_STUDENTS_PAGE_MAX,
  globalStudentsPageSchema,
  studentAudiosPageSchema,
  studentExamsPageSchema,
  teacherStudentsPageSchema,
} from '../../../src/shared/contract/teacher';
import { userSchema } from '../../../src/shared/contract/users';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import { byUser } from '../../plugins/rate-limit';
import * as service from './service';

const tags = ['teacher: students'];

export async function teacherStudentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));
  // Any teacher account may page through every student: slow a bulk download down.
  const globalSearchLimit = app.limit({
    name: 'global-search',
    max: app.ctx.config.globalSearchPerHour,
    windowMs: 3600_000,
    key: byUser,
    message: 'Слишком много запросов к списку всех учеников',
  });
  // Anyone may open a teacher account, so creating students must not bypass the per-address
  // registration limit without a bound of its own. Counted after validation: typos are free.
  const createStudentLimit = app.limit({
    name: 'teacher-students',
    max: app.ctx.config.teacherStudentsPerHour,
    windowMs: 3600_000,
    key: byUser,
    message: 'Слишком много новых учеников за час',
  });

  for (const { url, querystring } of listAndSearch('/api/teacher/students', '/api/teacher/students/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: teacherStudentsPageSchema } } }, async (req) =>
      pagedBody('students', await service.listStudents(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }

  for (const { url, querystring } of listAndSearch(
    '/api/teacher/students/global',
    '/api/teacher/students/global/search',
  )) {
    r.get(
      url,
      {
        schema: {
          tags,
          description:
            'Every student (names and login, never the e-mail), with `link_status` towards the calling teacher; ' +
            `at most ${GLOBAL_STUDENTS_PAGE_MAX} a page, and a number of pages per teacher per hour.`,
          querystring: querystring.extend({
            page_size: querystring.shape.page_size.max(
              GLOBAL_STUDENTS_PAGE_MAX,
              `page_size должен быть от 1 до ${GLOBAL_STUDENTS_PAGE_MAX}`,
            ),
          }),
          response: { 200: globalStudentsPageSchema },
        },
        preHandler: globalSearchLimit,
      },
      async (req) =>
        pagedBody(
          'students',
          await service.listGlobalStudents(app.ctx, currentUser(req).id, withSearch(req.query)),
        ),
    );
  }

  for (const { url, querystring } of listAndSearch(
    '/api/teacher/students/:id/exams',
    '/api/teacher/students/:id/exams/search',
  )) {
    r.get(
      url,
      { schema: { tags, params: idParamsSchema, querystring, response: { 200: studentExamsPageSchema } } },
      async (req) =>
        pagedBody(
          'exams',
          await service.listStudentExams(app.ctx, currentUser(req).id, req.params.id, withSearch(req.query)),
        ),
    );
  }

  for (const { url, querystring } of listAndSearch(
    '/api/teacher/students/:id/audios',
    '/api/teacher/students/:id/audios/search',
  )) {
    r.get(
      url,
      { schema: { tags, params: idParamsSchema, querystring, response: { 200: studentAudiosPageSchema } } },
      async (req) =>
        pagedBody(
          'audios',
          await service.listStudentAudios(app.ctx, currentUser(req).id, req.params.id, withSearch(req.query)),
        ),
    );
  }

  r.get(
    '/api/teacher/students/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: userSchema } } },
    (req) => service.getStudent(app.ctx, currentUser(req).id, req.params.id),
  );
  r.post(
    '/api/teacher/students',
    {
      schema: {
        tags,
        description:
          'Creates a student account, on the teacher’s list at once; at most a number per teacher per hour (then 429).',
        body: createStudentBodySchema,
        response: { 200: userSchema },
      },
      preHandler: createStudentLimit,
    },
    (req) => service.createStudent(app.ctx, currentUser(req).id, req.body),
  );
  r.post(
    '/api/teacher/student/:id',
    {
      schema: {
        tags,
        description: 'Sends the student a request; 409 when already sent or accepted.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.sendRequest(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.requestSent };
    },
  );
  r.delete(
    '/api/teacher/student/:id',
    {
      schema: {
        tags,
        description:
          'Removes the student from the list (or withdraws the request) and from the teacher’s exams.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.removeStudent(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.studentRemoved };
    },
  );
}
