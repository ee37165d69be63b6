import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  messageSchema,
  pagedBody,
  pageQuerySchema,
  searchPageQuerySchema,
} from '../../../src/shared/contract/common';
import {
  taskCreateBodySchema,
  taskSchema,
  tasksPageSchema,
  taskUpdateBodySchema,
} from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: tasks'];

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  const list = async (
    teacherId: number,
    q: { page_size: number; page_number: number; search_string?: string },
  ) =>
    pagedBody(
      'tasks',
      await service.listTasks(app.ctx, teacherId, { ...q, search_string: q.search_string ?? '' }),
    );

  r.get(
    '/api/teacher/tasks',
    { schema: { tags, querystring: pageQuerySchema, response: { 200: tasksPageSchema } } },
    (req) => list(currentUser(req).id, req.query),
  );
  r.get(
    '/api/teacher/tasks/search',
    { schema: { tags, querystring: searchPageQuerySchema, response: { 200: tasksPageSchema } } },
    (req) => list(currentUser(req).id, req.query),
  );
  r.get(
    '/api/teacher/task/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: taskSchema } } },
    (req) => service.getTask(app.ctx, currentUser(req).id, req.params.id),
  );
  r.post(
    '/api/teacher/task',
    { schema: { tags, body: taskCreateBodySchema, response: { 200: taskSchema } } },
    (req) => service.createTask(app.ctx, currentUser(req).id, req.body),
  );
  r.patch(
    '/api/teacher/task',
    { schema: { tags, body: taskUpdateBodySchema, response: { 200: taskSchema } } },
    (req) => service.updateTask(app.ctx, currentUser(req).id, req.body),
  );
  r.delete(
    '/api/teacher/task/:id',
    {
      schema: {
        tags,
        description: '409 with a message naming the variants while any variant uses the task.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.deleteTask(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.taskDeleted };
    },
  );
}
