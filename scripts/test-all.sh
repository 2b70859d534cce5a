#!/usr/bin/env bash
# `pnpm test`: every test layer — unit, integration (real Redis, embedded PGlite and a real
# PostgreSQL) and browser e2e (Debian's chromium) — then one line `tests: N passed, M failed`.
# Needs redis-server (or REDIS_URL), PostgreSQL (TEST_DATABASE_URL) and /usr/bin/chromium;
# `.ci/run` installs all three on Debian/Ubuntu.
set -uo pipefail
cd "$(dirname "$0")/.."

private_redis_pid=""
cleanup() { [ -n "$private_redis_pid" ] && kill "$private_redis_pid" 2>/dev/null; }
trap cleanup EXIT

redis_answers() { # host port
  exec 3<>"/dev/tcp/$1/$2" 2>/dev/null || return 1
  printf 'PING\r\n' >&3; local reply; read -r -t 2 reply <&3; exec 3>&-
  [[ "$reply" == +PONG* ]]
}

if [ -z "${TEST_REDIS_URL:-}" ]; then
  if redis_answers 127.0.0.1 6379; then
    export TEST_REDIS_URL=redis://127.0.0.1:6379
  elif command -v redis-server >/dev/null; then
    port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no >/dev/null &
    private_redis_pid=$!
    for _ in $(seq 50); do redis_answers 127.0.0.1 "$port" && break; sleep 0.1; done
    export TEST_REDIS_URL="redis://127.0.0.1:$port"
  else
    echo "No Redis: start one on 127.0.0.1:6379, set TEST_REDIS_URL, or install redis-server." >&2
    exit 1
  fi
fi
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

mkdir -p test-results
rm -f test-results/vitest-*.json test-results/e2e-browser.log
started=$(date +%s)
status=0

# One vitest run per stage, each with its own JSON report; the counts are added at the end.
run_stage() { # name, vitest arguments...
  local name=$1; shift
  local stage_started; stage_started=$(date +%s)
  echo; echo "=== test stage: $name"
  pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="test-results/vitest-$name.json" "$@" || status=1
  echo "=== test stage: $name took $(( $(date +%s) - stage_started ))s (status so far: $([ $status -eq 0 ] && echo green || echo RED))"
}

if [ $# -gt 0 ]; then
  # A filter or options from the caller: one run, as vitest would do it.
  run_stage selected "$@"
else
  # The quick gate first (the unit layer, a minute), so a broken change shows red within minutes;
  # then the client's components, and the slow layers.
  run_stage unit --project unit
  run_stage client --project client --project client:logic
  # e2e runs against the built client.
  if [ ! -f client/dist/index.html ] || [ -n "$(find client/src client/index.html -newer client/dist/index.html -print -quit 2>/dev/null)" ]; then
    pnpm --filter @bourse/client build >/dev/null || { echo "client build failed" >&2; status=1; }
  fi
  run_stage integration --project integration --project integration:system
  run_stage e2e --project e2e
fi
echo "=== tests took $(( $(date +%s) - started ))s"
if [ -s test-results/e2e-browser.log ]; then
  echo "=== what the browsers of the failed e2e tests were last answered (test-results/e2e-browser.log):"
  tail -n 12 test-results/e2e-browser.log | cut -c1-300
fi

STATUS=$status node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, reports = 0;
  const failures = [];
  for (const file of fs.readdirSync("test-results").filter((f) => /^vitest-.*\.json$/.test(f))) {
    try {
      const report = JSON.parse(fs.readFileSync(`test-results/${file}`, "utf8"));
      reports++;
      passed += report.numPassedTests;
      for (const suite of report.testResults) {
        const failedTests = suite.assertionResults.filter((t) => t.status === "failed");
        if (suite.status === "failed" && failedTests.length === 0) failures.push(`${suite.name}: ${suite.message}`);
        for (const t of failedTests) failures.push(`${suite.name} > ${t.fullName}: ${t.failureMessages[0] ?? ""}`);
      }
      // A file that fails to load counts no test, yet the run is red: count it as one failure.
      failed += report.numFailedTests || (report.success ? 0 : 1);
    } catch {
      failed++; // a report cut short: its stage broke before it could count
    }
  }
  // A red run (a stage that crashed before writing its report, a failed build) is never 0 failed.
  if (process.env.STATUS !== "0" || reports === 0) failed = Math.max(failed, 1);
  // The failures again at the end, short, so a log that keeps only its tail still names them.
  for (const failure of failures) console.log(`FAILED TEST ${failure.replace(/\s+/g, " ").slice(0, 400)}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
'
exit $status
