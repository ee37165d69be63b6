import type { Locks } from '@/lib/recording-lock';

interface Waiter {
  name: string;
  mode: LockMode;
  grant: () => void;
}

/**
 * The Web Locks API as the browser gives it to every tab and worker of an origin, in memory:
 * exclusive and shared modes, `ifAvailable`, `signal`, FIFO order, `query`. One instance is
 * one origin (the "tabs" of a test share it). Node 20 has no `navigator.locks`.
 */
export class FakeLocks {
  private readonly held = new Map<string, { mode: LockMode; count: number }>();
  private readonly waiting: Waiter[] = [];

  get api(): Locks {
    return this as unknown as Locks;
  }

  async request<T>(
    name: string,
    optionsOrCallback: LockOptions | ((lock: Lock | null) => T | Promise<T>),
    maybeCallback?: (lock: Lock | null) => T | Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    const mode = options.mode ?? 'exclusive';
    if (options.ifAvailable && !this.grantable(name, mode, true)) return callback(null);
    // Granted now, or taken on our behalf when its turn comes.
    if (this.grantable(name, mode, true)) this.take(name, mode);
    else await this.wait(name, mode, options.signal);
    try {
      return await callback({ name, mode } as Lock);
    } finally {
      this.let(name);
    }
  }

  async query(): Promise<LockManagerSnapshot> {
    return {
      held: [...this.held].map(([name, { mode }]) => ({ name, mode, clientId: 'fake' })),
      pending: this.waiting.map(({ name, mode }) => ({ name, mode, clientId: 'fake' })),
    };
  }

  private grantable(name: string, mode: LockMode, newcomer: boolean): boolean {
    if (newcomer && this.waiting.some((w) => w.name === name)) return false;
    const h = this.held.get(name);
    return !h || (h.mode === 'shared' && mode === 'shared');
  }

  private wait(name: string, mode: LockMode, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new DOMException('The request was aborted.', 'AbortError'));
        return;
      }
      const waiter: Waiter = { name, mode, grant: resolve };
      this.waiting.push(waiter);
      signal?.addEventListener('abort', () => {
        const i = this.waiting.indexOf(waiter);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      });
    });
  }

  private take(name: string, mode: LockMode): void {
    const h = this.held.get(name);
    this.held.set(name, { mode, count: (h?.count ?? 0) + 1 });
  }

  private let(name: string): void {
    const h = this.held.get(name);
    if (!h) return;
    if (h.count > 1) this.held.set(name, { ...h, count: h.count - 1 });
    else this.held.delete(name);
    // The waiters for this name go in order, as many as can hold it together.
    for (const w of this.waiting.filter((x) => x.name === name)) {
      if (!this.grantable(name, w.mode, false)) break;
      this.waiting.splice(this.waiting.indexOf(w), 1);
      this.take(name, w.mode);
      w.grant();
    }
  }
}
