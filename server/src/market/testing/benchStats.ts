/** Deterministic per seed, so runs compare like with like. */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` distinct codes of the universe. */
export function pickSymbols(rand: () => number, universe: readonly string[], count: number): string[] {
  const symbols = new Set<string>();
  while (symbols.size < Math.min(count, universe.length))
    symbols.add(universe[Math.floor(rand() * universe.length)]!);
  return [...symbols];
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Reservoir sampling keeps the latency sample bounded and uniform over everything seen. */
export class LatencySample {
  values: number[] = [];
  private seen = 0;

  constructor(
    private readonly capacity: number,
    private readonly rand: () => number,
  ) {}

  record(ms: number): void {
    this.seen++;
    if (this.values.length < this.capacity) this.values.push(ms);
    else {
      const slot = Math.floor(this.rand() * this.seen);
      if (slot < this.capacity) this.values[slot] = ms;
    }
  }

  reset(): void {
    this.values = [];
    this.seen = 0;
  }
}
