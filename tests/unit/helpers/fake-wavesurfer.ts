// A stand-in for wavesurfer.js and its Regions plugin in jsdom (no canvas, no media): it keeps
// the regions a player adds, where they are, and lets a test click the waveform or move the
// playhead as wavesurfer would (seek, then 'interaction'). Used through vi.mock in the tests.

type Listener = (...args: never[]) => void;

class Emitter {
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args);
  }
}

export interface RegionOptions {
  id?: string;
  start: number;
  end?: number;
}

export class FakeRegion {
  id: string;
  start: number;
  end: number;
  removed = false;
  element = null;

  constructor(
    private readonly owner: FakeRegions,
    options: RegionOptions,
  ) {
    this.id = options.id ?? `region-${owner.regions.length}`;
    this.start = options.start;
    this.end = options.end ?? options.start;
  }

  setOptions(options: Partial<RegionOptions>): void {
    if (options.start !== undefined) this.start = options.start;
    if (options.end !== undefined) this.end = options.end;
    if (options.id !== undefined) this.id = options.id;
  }

  play(): void {}

  remove(): void {
    this.removed = true;
    this.owner.regions = this.owner.regions.filter((r) => r !== this);
  }
}

export class FakeRegions extends Emitter {
  regions: FakeRegion[] = [];

  addRegion(options: RegionOptions): FakeRegion {
    const region = new FakeRegion(this, options);
    this.regions.push(region);
    return region;
  }

  enableDragSelection(): () => void {
    return () => undefined;
  }

  /** The region with this id, if the player has it. */
  byId(id: string): FakeRegion | undefined {
    return this.regions.find((r) => r.id === id);
  }
}

export class FakeWaveSurfer extends Emitter {
  private time = 0;
  destroyed = false;

  constructor(private readonly duration: number) {
    super();
    // Stored peaks draw the waveform at once; wavesurfer says so once its listeners are on.
    queueMicrotask(() => this.emit('decode', duration));
  }

  load(): Promise<void> {
    return Promise.resolve().then(() => {
      this.emit('decode', this.duration);
      this.emit('ready', this.duration);
    });
  }

  getDuration(): number {
    return this.duration;
  }

  getCurrentTime(): number {
    return this.time;
  }

  setTime(seconds: number): void {
    this.time = seconds;
    this.emit('timeupdate', seconds);
  }

  /** A click on the waveform at `seconds`, as wavesurfer handles it: seek, then 'interaction'. */
  clickAt(seconds: number): void {
    this.setTime(seconds);
    this.emit('interaction', seconds);
  }

  play(): Promise<void> {
    return Promise.resolve();
  }

  playPause(): Promise<void> {
    return Promise.resolve();
  }

  pause(): void {}
  stop(): void {}
  setMuted(): void {}
  setPlaybackRate(): void {}

  destroy(): void {
    this.destroyed = true;
  }
}

/** What the mocked modules made, newest last. */
export const made = { players: [] as FakeWaveSurfer[], regions: [] as FakeRegions[] };

export const wavesurferModule = {
  default: {
    create: (options: { duration?: number }) => {
      const ws = new FakeWaveSurfer(options.duration ?? 0);
      made.players.push(ws);
      return ws;
    },
  },
};

export const regionsModule = {
  default: {
    create: () => {
      const regions = new FakeRegions();
      made.regions.push(regions);
      return regions;
    },
  },
};
