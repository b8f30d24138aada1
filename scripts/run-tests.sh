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
# Swift Testing: `➜ Test name() skipped: "corpus NAME missing: run scripts/fetch-corpora.sh"` (the `.corpus` trait).
skipped="$(grep -a -E 'Test .* skipped: "corpus ' "$log" | sed -E 's/^.*Test /  /' | sort -u || true)"
echo
if [ -n "$skipped" ]; then
  echo "not run: $(printf '%s\n' "$skipped" | wc -l) tests, their corpus missing (scripts/fetch-corpora.sh fetches it):"
  printf '%s\n' "$skipped"
else
  echo "not run: none (every corpus present)"
fi
# Any other skip (a parameterized test whose inputs are absent, e.g. images only `make fixtures-slips IMAGES=1` renders).
other="$(grep -a -E 'Test .* skipped: ' "$log" | grep -v 'skipped: "corpus ' | sed -E 's/^.*Test /  /' | sort -u || true)"
if [ -n "$other" ]; then
  echo "also skipped: $(printf '%s\n' "$other" | wc -l) tests:"
  printf '%s\n' "$other"
fi
exit "$status"
