#!/usr/bin/env bash
# A compiled copy of the code for long strength counts: a git worktree of COMMIT at TARGET, with MODULES
# compiled in place by mypyc (it ships with mypy, a dev dependency; it needs gcc and the Python headers).
# The compiled modules run the same Python code 2-2.5x faster (Capture of Dreams' search games), so a
# count of thousands of games fits in fewer core-hours. The moves are the same: docs/ai.md gives the
# seeded log hashes checked on both builds before any compiled chunk was pooled, and run.sh records each
# chunk's build ("python" or "mypyc"); decision times of the two builds are never pooled together.
#
#   tools/strength/compile.sh TARGET COMMIT MODULE...
#   e.g. tools/strength/compile.sh /tmp/strength-tree HEAD games/search/sampler.py \
#        games/dream_capture/{ai,engine,tricks,search_hooks,cards,scoring,sampling,inference,view}.py
#   then: cd /tmp/strength-tree && PYTHON=$OLDPWD/.venv/bin/python tools/strength/run.sh LABEL ...
#
# Left out on purpose: games/search/flat.py (simulate times decisions by wrapping SearchPolicy.decide, and a
# compiled class's methods cannot be replaced), a game's game.py (its Game subclass narrows an attribute
# type, which mypyc refuses) and dream_capture/state.py (mypyc 1.x fails on the nested functions in
# State.from_json). The development tree is never compiled: an edited .py file would be shadowed by its .so.
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n '9,12p' "$0" | sed 's/^# *//' >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$1 commit=$2
shift 2
git -C "$root" worktree add --force --detach "$target" "$commit" >&2
cd "$target"
"$root/.venv/bin/mypyc" "$@" > mypyc.log 2>&1 || { tail -20 mypyc.log >&2; exit 1; }
echo "$target: compiled $# modules at $(git rev-parse --short HEAD)"
