#!/usr/bin/env bash
# `make test`: the external corpora first (scripts/fetch-corpora.sh: from ../shared/corpora where it exists, else
# upstream; a corpus it cannot get is tolerated unless GIRO_REQUIRE_CORPORA=1), then every test. Tests whose corpus
# is missing are skipped by Swift Testing, each by name with the command that fetches it; the last lines repeat them,
# so a green run says what it did not check. With GIRO_REQUIRE_CORPORA=1 (.ci/run) they run, and fail, instead.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
scripts/fetch-corpora.sh || exit 1
mkdir -p .build
log=.build/test-output.log
"$SWIFT" build --build-tests || exit 1
"$SWIFT" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Swift Testing: `… Test name() skipped: "reason"`.
skipped="$(grep -a -E '^.{0,4}Test .* skipped' "$log" | sed -E 's/^.{0,4}Test /  /' || true)"
if [ -n "$skipped" ]; then
  echo
  echo "not run: $(printf '%s\n' "$skipped" | wc -l) tests (a corpus is missing; scripts/fetch-corpora.sh fetches it):"
  printf '%s\n' "$skipped"
else
  echo "not run: none"
fi
exit "$status"
