import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/http-error';
import { LimitCounters, type Count } from './rate-limit-store';

/** One named limit: at most `max` requests per `windowMs` for each key. */
export interface LimitRule {
  /** Keeps the counters of different limits apart in the shared store. */
  name: string;
  max: number;
  windowMs: number;
  /** Whom the limit counts: an address, a user… */
  key: (request: FastifyRequest) => string;
  /** The Russian answer; the wait is appended. */
  message: string;
}

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook (onRequest, or preHandler when the key needs the signed-in user) that counts the
     * request against the rule and answers 429 (with Retry-After) once the count is over.
     * Several may guard one route; all count.
     */
    limit(rule: LimitRule): LimitHook;
  }
}

/** The client's address, IPv6 by its /64 (one household or phone gets a whole /64). */
export const byAddress = (request: FastifyRequest): string => normalizeIP(request.ip, 64);

/** The signed-in user (the route's role hook ran before). */
export const byUser = (request: FastifyRequest): string => `user:${request.user?.id ?? 'anonymous'}`;

/** "через 5 мин" / "через 40 с": how long until the window opens again. */
export function waitText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return seconds < 120 ? `через ${seconds} с` : `через ${Math.ceil(seconds / 60)} мин`;
}

/**
 * Request counting on `@fastify/rate-limit`: in Redis when `redisUrl` is set so that several
 * instances share one count, in this process's memory otherwise and whenever Redis is away
 * (`LimitCounters`: a limit holds on each instance instead of falling open).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined }) => {
    // ioredis is loaded only where Redis is configured (8 MB of a server's memory otherwise).
    const redis = opts.redisUrl
      ? new (await import('ioredis')).Redis(opts.redisUrl, {
          connectTimeout: 2000,
          // A limit check never waits for Redis: while it is away a command fails at once (no
          // queue) and the count goes to memory; a Redis that hangs costs at most the timeout.
          enableOfflineQueue: false,
          commandTimeout: 500,
          maxRetriesPerRequest: 0,
          lazyConnect: false,
        })
      : undefined;
    const counters = new LimitCounters(redis, app.log);
    // Every rule's key carries its name, so one store serves every route.
    class RateLimitStore implements FastifyRateLimitStore {
      incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
        counters.count(key, timeWindow).then(
          (count) => callback(null, count),
          (err: Error) => callback(err),
        );
      }
      child(): FastifyRateLimitStore {
        return this;
      }
    }
    await app.register(fastifyRateLimit, { global: false, store: RateLimitStore });
    if (redis) {
      app.addHook('onClose', async () => {
        // quit() says goodbye to a connected Redis; an absent one is just dropped (no reconnects).
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
    }

    app.decorate('limit', (rule: LimitRule): LimitHook => {
      const check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
      });
      return async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        void reply.header('Retry-After', String(result.ttlInSeconds));
        throw tooManyRequests(`${rule.message}. Повторите ${waitText(result.ttl)}`);
      };
    });
  },
  { name: 'ustno-rate-limit' },
);
