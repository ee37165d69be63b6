import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  taskCreateBodySchema,
  taskSchema,
  tasksPageSchema,
  taskUpdateBodySchema,
} from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: tasks'];

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  for (const { url, querystring } of listAndSearch('/api/teacher/tasks', '/api/teacher/tasks/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: tasksPageSchema } } }, async (req) =>
      pagedBody('tasks', await service.listTasks(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }
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
