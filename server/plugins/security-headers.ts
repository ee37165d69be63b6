import { s3MediaOrigin } from '../adapters/s3-storage';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { S3Config } from '../config';

export interface SecurityHeadersOptions {
  /**
   * Origins media are loaded from besides this one (an S3-compatible storage that serves its
   * objects at its own address); they join img-src, media-src and connect-src.
   */
  mediaOrigins?: string[];
}

/** The Content-Security-Policy directives of the app shell, its assets and the API. */
export function cspDirectives(mediaOrigins: string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // Every script is a file of the build: no inline script, no eval.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion) and the rich-text editor write style elements and attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Recordings play from blob: while on the device; rich text may hold data: images.
    'img-src': ["'self'", 'blob:', 'data:', ...mediaOrigins],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    'connect-src': ["'self'", ...mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Where the browser loads media from besides this origin: the bucket, when media addresses
 * redirect to pre-signed bucket addresses (otherwise the app streams them itself).
 */
export function storageMediaOrigins(s3: S3Config | undefined): string[] {
  return s3?.mediaRedirect ? [s3MediaOrigin(s3)] : [];
}

/** Only the microphone is ever asked for, and only by this origin. */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), display-capture=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers of every answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, read once from an answer of an instance running
 * @fastify/helmet: that plugin builds helmet anew on every request (every CSP directive parsed
 * again, 6 % of a short list's CPU in the bench's profile), while with no nonces the headers
 * are the same for every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(res.headers)
      .filter(([name]) => !NOT_HELMET.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

/**
 * Browser security headers on every answer (helmet's): a strict CSP, nosniff, no referrer, no
 * framing, the microphone for this origin only; HSTS only on answers that went over HTTPS (a
 * school server on plain HTTP in a LAN must not pin browsers to an HTTPS it does not have).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    const helmet = await helmetHeaders({
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.mediaOrigins) },
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      hsts: false,
      // Media are fetched by this origin only (a storage origin sends its own headers).
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', async (request, reply) => {
      // On the raw answer, as helmet does, so that a hijacked answer (an event stream) has them;
      // a route may still set its own (a stored file's sandboxing CSP).
      for (const [name, value] of helmet) reply.raw.setHeader(name, value);
      void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY trusts the proxy.
      if (request.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
    });
  },
  { name: 'ustno-security-headers' },
);
