#!/usr/bin/env bash
# A compiled copy of the code for long strength counts: a git worktree of COMMIT at TARGET, its games/
# compiled by tools/build/compiled.py (mypyc, which ships with mypy, a dev dependency; it needs gcc and the
# Python headers) into TARGET/build/site, never in place. The compiled build runs the same Python code 2-3x
# faster with the same moves (tests/build/test_compiled.py checks it on every game), so a count of thousands
# of games fits in fewer core-hours. run.sh records each chunk's build ("python" or "mypyc", what
# `python -m games simulate` reports); decision times of the two builds are never pooled together.
#
#   tools/strength/compile.sh TARGET COMMIT
#   e.g. tools/strength/compile.sh /tmp/strength-tree HEAD
#   then: cd /tmp/strength-tree && PYTHONPATH=build/site TRICKTABLE_BUILD=mypyc \
#         PYTHON=$OLDPWD/.venv/bin/python tools/strength/run.sh LABEL ...
#
# COMMIT must have games/_build.py (the compiled build's loader); older commits compiled single modules
# in place (see this file's history). TRICKTABLE_BUILD=mypyc makes a run refuse to start rather than run
# the slow build unnoticed if the tree and its compiled build ever differ.
set -euo pipefail
if [ $# -ne 2 ]; then
    sed -n '9,12p' "$0" | sed 's/^# *//' >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$1 commit=$2
git -C "$root" worktree add --force --detach "$target" "$commit" >&2
cd "$target"
mkdir -p build/site
"$root/.venv/bin/python" tools/build/compiled.py --package games --build-dir build/mypyc --site-packages build/site >&2
echo "$target: compiled games/ at $(git rev-parse --short HEAD) into $target/build/site"
