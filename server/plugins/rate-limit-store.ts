import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A counter after one more request: how many in its window, and the window's milliseconds left. */
export interface Count {
  current: number;
  ttl: number;
}

/** Counters kept in memory at most; past it, expired ones go, then the oldest. */
const MEMORY_KEYS_MAX = 50_000;
/** After a failed Redis command (a timeout with the socket still open), memory for this long. */
const REDIS_RETRY_AFTER_MS = 5000;

/** INCR with the window set on the first request; answers the count and the window left. */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type RedisWithCount = Redis & {
  ustnoCount(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Fixed-window request counters: in Redis when it is configured and reachable, so several
 * instances count together; otherwise, and at once whenever Redis is away, in this process's
 * memory, so a limit still holds on each instance. A check never waits for an absent Redis
 * (commands fail fast instead of queueing) and never lets a request through uncounted. The
 * switch is logged once each way; ioredis reconnects by itself and the counting returns to Redis.
 */
export class LimitCounters {
  private readonly memory = new Map<string, { current: number; resetAt: number }>();
  private readonly redis: RedisWithCount | undefined;
  private down = false;
  private retryAt = 0;

  constructor(
    redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly prefix = 'ustno-rl:',
  ) {
    if (redis) {
      redis.defineCommand('ustnoCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
      // Every reconnect attempt fails with an error event: one line for the whole outage.
      redis.on('error', (err: Error) => this.markDown(err));
      redis.on('ready', () => this.markUp());
    }
    this.redis = redis as RedisWithCount | undefined;
  }

  async count(key: string, windowMs: number): Promise<Count> {
    const redis = this.redis;
    if (redis && redis.status === 'ready' && Date.now() >= this.retryAt) {
      try {
        const [current, ttl] = await redis.ustnoCount(this.prefix + key, windowMs);
        if (this.down) this.markUp();
        return { current, ttl };
      } catch (err) {
        this.markDown(err as Error);
        this.retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
      }
    }
    return this.countInMemory(key, windowMs);
  }

  private countInMemory(key: string, windowMs: number): Count {
    const now = Date.now();
    const kept = this.memory.get(key);
    if (kept && kept.resetAt > now) {
      kept.current += 1;
      return { current: kept.current, ttl: kept.resetAt - now };
    }
    if (kept) this.memory.delete(key);
    if (this.memory.size >= MEMORY_KEYS_MAX) this.prune(now);
    this.memory.set(key, { current: 1, resetAt: now + windowMs });
    return { current: 1, ttl: windowMs };
  }

  private prune(now: number): void {
    for (const [key, value] of this.memory) if (value.resetAt <= now) this.memory.delete(key);
    // Insertion order is age order: the oldest windows go first.
    for (const key of this.memory.keys()) {
      if (this.memory.size < MEMORY_KEYS_MAX) break;
      this.memory.delete(key);
    }
  }

  private markDown(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: err.message },
      'rate-limit store unreachable: counting in memory on this instance until Redis answers again',
    );
  }

  private markUp(): void {
    this.retryAt = 0;
    if (!this.down) return;
    this.down = false;
    this.log.info('rate-limit store reachable again: counting in Redis');
  }
}
