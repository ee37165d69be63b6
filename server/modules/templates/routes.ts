import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  examTemplatesSchema,
  templateKeyParamsSchema,
  templateVariantBodySchema,
  templateVariantResultSchema,
} from '../../../src/shared/contract/teacher';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: templates'];

export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  r.get(
    '/api/teacher/templates',
    {
      schema: {
        tags,
        description:
          'The official oral formats (ЕГЭ and ОГЭ English, the Russian final interview): tasks with ' +
          'their times, questions and criteria; `maxTotal` is the sum of the criteria maxima.',
        response: { 200: examTemplatesSchema },
      },
    },
    () => ({ templates: service.listTemplates() }),
  );
  r.post(
    '/api/teacher/templates/:key/variant',
    {
      schema: {
        tags,
        description:
          'Creates, in one transaction, the template’s tasks as the teacher’s own (text tasks with ' +
          'placeholder texts, criteria and questions without audio) and a variant of them in order ' +
          'named `name`. An unknown key answers 404.',
        params: templateKeyParamsSchema,
        body: templateVariantBodySchema,
        response: { 200: templateVariantResultSchema },
      },
    },
    (req) => service.createVariantFromTemplate(app.ctx, currentUser(req).id, req.params.key, req.body.name),
  );
}
