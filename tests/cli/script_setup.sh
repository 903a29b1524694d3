# Sourced by the shell tests of tests/cli: strict mode, a scratch directory `$dir` removed on
# exit, and `fail MESSAGE`.
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}
