/**
 * At most `size` holders at once; the others wait in arrival order. Uploads take a slot before
 * their body is read: a burst of hundreds of students then waits in the sockets (TCP holds the
 * bytes) instead of in the server's memory, one buffer chain per upload.
 */
export class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves with the function that gives the slot back (calling it again does nothing). */
  async acquire(): Promise<() => void> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
  }

  /** Holders waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.length;
  }
}
