import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or fail the answer (mail); tracked so shutdown and tests can wait
 * for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const p = task()
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
