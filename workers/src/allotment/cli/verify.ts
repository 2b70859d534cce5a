/**
 * `pnpm allotment:verify <code>`: recomputes an issue's lottery winners from the revealed seed
 * and the subscription list, number by number, and says whether they agree with the batch's.
 * Reads DATABASE_URL (or the embedded database under DATA_DIR while nothing else has it open).
 * Exit status 0 when they agree, 1 when not, 2 on bad use.
 */
import { loadConfig, logger, openDatabase } from '@bourse/core/platform';
import { verifyAllotment } from '../verify.ts';

const code = process.argv.slice(2).find((arg) => arg !== '--');
if (!code || !/^\d{6}$/.test(code)) {
  console.error('usage: pnpm allotment:verify <six-digit code>');
  process.exit(2);
}
logger.level = 'warn';
const database = await openDatabase(loadConfig());
try {
  const started = performance.now();
  const report = await verifyAllotment(database.db, code, (checked) => {
    if (checked % 1_000_000 === 0) console.error(`  ${checked.toLocaleString('en')} subscriptions checked`);
  });
  if (!report) {
    console.error(`${code}: no such issue, or it has not been drawn yet`);
    process.exitCode = 2;
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `issue ${report.code}: ${report.subscriptions.toLocaleString('en')} subscriptions, ${report.numbers.toLocaleString('en')} numbers (checked one by one in ${seconds} s)`,
    );
    console.log(`  seed matches its published SHA-256: ${report.seedMatchesCommitment ? 'yes' : 'NO'}`);
    console.log(
      `  tails redrawn from the seed match the published ones: ${report.tailsMatch ? 'yes' : 'NO'}`,
    );
    console.log(`  ranges not where consecutive numbering puts them: ${report.rangeMismatches}`);
    console.log(`  subscriptions whose winners differ from the batch's: ${report.winnerMismatches}`);
    console.log(`  numbers matching two tails: ${report.doubleMatches}`);
    console.log(
      `  winning numbers: ${report.winningNumbers.toLocaleString('en')} (the draw promises ${report.expectedWinningNumbers.toLocaleString('en')})`,
    );
    console.log(report.agree ? 'agree' : 'disagree');
    process.exitCode = report.agree ? 0 : 1;
  }
} finally {
  await database.close();
}
