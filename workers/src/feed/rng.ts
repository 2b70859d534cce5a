/**
 * Seeded randomness for the simulator. The feed must be reproducible byte for byte from its
 * seed, so nothing here touches Math.random; sfc32 is small, fast and passes PractRand.
 */

/** Mixes a string or number into a 32-bit seed word (FNV-1a over the text form). */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stateless 32-bit hash of two words (murmur3 finaliser); for values that need no stream. */
export function mix32(a: number, b: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Where a generator stands in its stream: its four words and the normal it holds back. */
export interface RngState {
  words: [number, number, number, number];
  spare: number | null;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The polar method yields normals in pairs; the second waits here. */
  private spare = Number.NaN;

  constructor(private readonly seed: string | number) {
    const s = hashSeed(seed);
    this.a = mix32(s, 1);
    this.b = mix32(s, 2);
    this.c = mix32(s, 3);
    this.d = 1;
    // Discard the first outputs: sfc32 needs a few rounds to spread a weak seed.
    for (let i = 0; i < 15; i++) this.nextU32();
  }

  /** A child stream: same seed and label give the same stream, whatever else was drawn. */
  fork(label: string | number): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  /** For a checkpoint: restore() puts a generator of the same seed exactly here in its stream. */
  state(): RngState {
    return { words: [this.a, this.b, this.c, this.d], spare: Number.isNaN(this.spare) ? null : this.spare };
  }

  restore(state: RngState): void {
    [this.a, this.b, this.c, this.d] = state.words;
    this.spare = state.spare ?? Number.NaN;
  }

  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Standard normal (Marsaglia's polar method: no trigonometry). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare;
      this.spare = Number.NaN;
      return z;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * factor;
    return u * factor;
  }

  /**
   * Student-t with `nu` > 2 degrees of freedom, scaled to unit variance (Bailey's polar
   * method: no chi-square sum; for the default nu = 4 the power is a square root).
   */
  studentT(nu: number): number {
    let u: number;
    let w: number;
    do {
      u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      w = u * u + v * v;
    } while (w >= 1 || w === 0);
    const power = nu === 4 ? 1 / Math.sqrt(w) : w ** (-2 / nu);
    return u * Math.sqrt((nu * (power - 1)) / w) * Math.sqrt((nu - 2) / nu);
  }

  /** Log-normal with mean 1 and log-sd `sigma`. */
  logNormalMeanOne(sigma: number): number {
    return Math.exp(sigma * this.normal() - 0.5 * sigma * sigma);
  }
}
