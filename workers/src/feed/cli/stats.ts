/**
 * `pnpm feed:stats -- --seed S --days D [--size N] [--grid-ms G]`: runs the simulator over D
 * trading days as fast as the CPU allows and prints the stylised facts of what it produced,
 * then the cost of one step of the whole universe.
 */
import { parseArgs } from 'node:util';
import { shanghaiMidnight } from '../clock.ts';
import { MarketSimulator } from '../simulator.ts';
import { HALF_HOURS, runStylisedFacts, STATS_START_DATE } from '../stats.ts';
import { generateUniverse } from '../universe/universe.ts';

const { values } = parseArgs({
  // `pnpm feed:stats -- --seed 7` hands the script the `--` itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seed: { type: 'string', default: '42' },
    days: { type: 'string', default: '5' },
    size: { type: 'string', default: '5000' },
    'grid-ms': { type: 'string', default: '3000' },
  },
});
const seed = values.seed;
const days = Number(values.days);
const size = Number(values.size);
const gridMs = Number(values['grid-ms']);

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const facts = runStylisedFacts({ seed, days, universeSize: size, gridMs });

console.log(`feed:stats seed=${seed} days=${days} symbols=${facts.symbols} grid=${gridMs}ms`);
console.log(`1-minute returns: ${facts.minuteReturns}`);
console.log(
  `excess kurtosis (pooled, per-symbol standardised): ${facts.excessKurtosis.toFixed(2)}   [real: well above 0]`,
);
console.log('autocorrelation of |r| by lag                       [real: positive, slowly decaying]');
console.log(`  ${facts.absReturnAutocorrelation.map((v, k) => `${k + 1}:${v.toFixed(3)}`).join('  ')}`);
console.log('volume share by half hour                           [real: U-shaped]');
for (const [k, label] of HALF_HOURS.entries()) {
  const share = facts.volumeShareByHalfHour[k] ?? 0;
  console.log(`  ${label}  ${pct(share).padStart(7)}  ${'#'.repeat(Math.round(share * 200))}`);
}
console.log('names at limit per day (close / touched)            [real: ~0.5–2% up, fewer down]');
for (const d of facts.days) {
  console.log(
    `  ${d.tradingDate}  up ${pct(d.closedUp)} / ${pct(d.touchedUp)}   down ${pct(d.closedDown)} / ${pct(d.touchedDown)}`,
  );
}
console.log(`run time: ${(facts.elapsedMs / 1000).toFixed(1)} s`);

// One step of the whole universe in continuous trading, and publishing every quote once.
const sim = new MarketSimulator({
  universe: generateUniverse({ seed, size }),
  seed,
  start: shanghaiMidnight(STATS_START_DATE),
  gridMs,
});
sim.advanceTo(shanghaiMidnight(STATS_START_DATE) + 10 * 3_600_000);
const steps = 400;
const began = performance.now();
sim.advanceTo(sim.time + steps * gridMs);
const stepMs = (performance.now() - began) / steps;
// Median of a few rounds: the first pays for JIT warm-up.
const rounds = Array.from({ length: 7 }, () => {
  const start = performance.now();
  sim.quotes(Date.now());
  return performance.now() - start;
}).sort((a, b) => a - b);
console.log(
  `step: ${stepMs.toFixed(2)} ms for ${size} symbols; quotes for all ${size}: ${rounds[3]!.toFixed(1)} ms (median of 7)`,
);
