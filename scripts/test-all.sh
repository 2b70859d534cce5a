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

# e2e runs against the built client.
if [ ! -f client/dist/index.html ] || [ -n "$(find client/src client/index.html -newer client/dist/index.html -print -quit 2>/dev/null)" ]; then
  pnpm --filter @bourse/client build >/dev/null || { echo "client build failed" >&2; exit 1; }
fi

mkdir -p test-results
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@"
status=$?

node -e '
  const fs = require("fs");
  let passed = 0, failed = 1; // no report at all means the run itself broke
  try {
    const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
    passed = report.numPassedTests;
    // A file that fails to load counts no test, yet the run is red: count it as one failure.
    failed = report.numFailedTests || (report.success ? 0 : 1);
  } catch {}
  console.log(`tests: ${passed} passed, ${failed} failed`);
'
exit $status
