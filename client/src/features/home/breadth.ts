/** How many stocks are up, down and flat on the day. */
export interface Breadth {
  up: number;
  down: number;
  flat: number;
}

/** Change percent per code for up to `maxPerRequest` codes at a time. */
export type PctFetcher = (symbols: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * Counts the market's breadth from the board sorted by change, descending, without fetching
 * every quote: the counts are the positions where the change turns ≤ 0 and < 0. One request
 * reads evenly spaced samples to bracket both positions, a second reads the codes inside the
 * two brackets. Two small requests instead of 5,000 quotes; exact up to what moves between them.
 * (The server has no breadth figure yet; with one, this goes.)
 */
export async function measureBreadth(
  sortedByPctDesc: readonly string[],
  fetchPct: PctFetcher,
  maxPerRequest = 300,
): Promise<Breadth> {
  const n = sortedByPctDesc.length;
  if (n === 0) return { up: 0, down: 0, flat: 0 };

  const known = new Map<number, number>();
  const read = async (positions: readonly number[]) => {
    if (positions.length === 0) return;
    const pcts = await fetchPct(positions.map((p) => sortedByPctDesc[p]!));
    for (const p of positions) {
      const pct = pcts.get(sortedByPctDesc[p]!);
      if (pct !== undefined) known.set(p, pct);
    }
  };

  if (n <= maxPerRequest) {
    await read(sortedByPctDesc.map((_, i) => i));
  } else {
    const step = Math.ceil((n - 1) / (maxPerRequest - 1));
    const samples: number[] = [];
    for (let p = 0; p < n - 1; p += step) samples.push(p);
    samples.push(n - 1);
    await read(samples);
    const bracket = (test: (pct: number) => boolean): number[] => {
      const hit = samples.findIndex((p) => {
        const pct = known.get(p);
        return pct !== undefined && test(pct);
      });
      if (hit <= 0) return [];
      const between: number[] = [];
      for (let p = samples[hit - 1]! + 1; p < samples[hit]!; p++) between.push(p);
      return between;
    };
    const inside = [...new Set([...bracket((pct) => pct <= 0), ...bracket((pct) => pct < 0)])];
    await read(inside);
  }

  const ordered = [...known.entries()].sort((a, b) => a[0] - b[0]);
  const firstWhere = (test: (pct: number) => boolean) => ordered.find(([, pct]) => test(pct))?.[0] ?? n;
  const notUp = firstWhere((pct) => pct <= 0);
  const down = Math.max(
    notUp,
    firstWhere((pct) => pct < 0),
  );
  return { up: notUp, flat: down - notUp, down: n - down };
}
