import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  createStudentBodySchema,
  globalStudentsPageSchema,
  studentAudiosPageSchema,
  studentExamsPageSchema,
  teacherStudentsPageSchema,
} from '../../../src/shared/contract/teacher';
import { userSchema } from '../../../src/shared/contract/users';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { LIST_AND_SEARCH, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: students'];

export async function teacherStudentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  for (const { suffix, querystring } of LIST_AND_SEARCH) {
    r.get(
      `/api/teacher/students${suffix}`,
      { schema: { tags, querystring, response: { 200: teacherStudentsPageSchema } } },
      async (req) =>
        pagedBody(
          'students',
          await service.listStudents(app.ctx, currentUser(req).id, withSearch(req.query)),
        ),
    );
    r.get(
      `/api/teacher/students/global${suffix}`,
      {
        schema: {
          tags,
          description: 'Every student, with `link_status` towards the calling teacher.',
          querystring,
          response: { 200: globalStudentsPageSchema },
        },
      },
      async (req) =>
        pagedBody(
          'students',
          await service.listGlobalStudents(app.ctx, currentUser(req).id, withSearch(req.query)),
        ),
    );
    r.get(
      `/api/teacher/students/:id/exams${suffix}`,
      { schema: { tags, params: idParamsSchema, querystring, response: { 200: studentExamsPageSchema } } },
      async (req) =>
        pagedBody(
          'exams',
          await service.listStudentExams(app.ctx, currentUser(req).id, req.params.id, withSearch(req.query)),
        ),
    );
    r.get(
      `/api/teacher/students/:id/audios${suffix}`,
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
        description: 'Creates a student account, on the teacher’s list at once.',
        body: createStudentBodySchema,
        response: { 200: userSchema },
      },
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
