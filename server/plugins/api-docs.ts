import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const PREFIX = '/api/docs';

/**
 * The OpenAPI document and its browsable UI at /api/docs. The document's routes are collected
 * from the start (it is made from every route's schema, at its first request); Swagger UI (its
 * pages, the YAML writer, a static server of its own) is built at the first request under
 * /api/docs, in a Fastify instance of its own that this route hands the request to: a server
 * whose docs nobody opens does not carry it.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Устно API',
          description: 'API of the Устно oral-exam practice app',
          version: '1.0.0',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });

    let ui: Promise<FastifyInstance> | null = null;
    const buildUi = async (): Promise<FastifyInstance> => {
      const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
      const docs = Fastify({ logger: false });
      // Swagger UI reads the document through `swagger()` of the instance it is registered in.
      await docs.register(
        fp(
          async (instance) => {
            instance.decorate('swagger', app.swagger.bind(app));
          },
          { name: '@fastify/swagger' },
        ),
      );
      await docs.register(fastifySwaggerUi, { routePrefix: PREFIX });
      await docs.ready();
      return docs;
    };

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      ui ??= buildUi().catch((err: unknown) => {
        ui = null;
        throw err;
      });
      const docs = await ui;
      const res = await docs.inject({ method: 'GET', url: request.url, headers: request.headers });
      // A path the UI does not have is the app's own 404, as for any other path.
      if (res.statusCode === 404) return reply.callNotFound();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || name === 'connection' || name === 'transfer-encoding') continue;
        if (name === 'date' || name === 'keep-alive') continue;
        void reply.header(name, value);
      }
      return reply.code(res.statusCode).send(res.rawPayload);
    };
    const schema = { hide: true };
    app.get(PREFIX, { schema }, handler);
    app.get(`${PREFIX}/*`, { schema }, handler);
  },
  // Named: fastify-plugin reads an unnamed plugin's name from a stack trace, which under
  // --enable-source-maps decodes the whole bundle's source map (megabytes kept for good).
  { name: 'ustno-api-docs' },
);
