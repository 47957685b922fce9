#!/usr/bin/env bash
# Strength runs in chunks: `simulate` with the search as challenger, K games per chunk, each chunk's summary
# line appended to a JSON-lines file as soon as it ends, so an interrupted run keeps what it played.
# Pool the chunks with `python -m games pool FILE` (games/tools/pooling.py); docs/ai.md gives the figures.
#
#   tools/strength/run.sh LABEL CHUNKS GAMES_PER_CHUNK SEED0 POLICY -- SIMULATE_ARGS...
#   e.g. tools/strength/run.sh timetrap-4 10 100 20000 heuristic -- timetrap --players 4
#
# Chunk k plays seeds SEED0 + k*GAMES_PER_CHUNK onward. RESULTS (default tools/strength/results.jsonl) is
# the file; NICE (default 10) the niceness, so runs can share a machine with other work; PYTHON the
# interpreter (default .venv/bin/python, which `make test` builds). Each record names the commit it ran on:
# chunks pool only where the moves are the same (docs/ai.md says how that was checked).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 6 ] || [ "$6" != "--" ]; then
    sed -n '6,7p' "$0" | sed 's/^# *//' >&2
    exit 2
fi
label=$1 chunks=$2 per=$3 seed0=$4 policy=$5
shift 6
results=${RESULTS:-tools/strength/results.jsonl}
python=${PYTHON:-.venv/bin/python}
commit=$(git describe --always --dirty --abbrev=7 2>/dev/null || echo unknown)
# The build that runs (games/_build.py): "mypyc" with a compiled build of this tree on PYTHONPATH
# (tools/strength/compile.sh); its decision times are never pooled with the Python build's.
build=$("$python" -c 'import games; print(games.BUILD)')
for k in $(seq 0 $((chunks - 1))); do
    seed=$((seed0 + k * per))
    line=$(nice -n "${NICE:-10}" "$python" -m games simulate "$@" --policy "$policy" --challenger search \
        --games "$per" --seed "$seed" --no-check | tail -1)
    printf '{"label": "%s", "seed": %d, "commit": "%s", "build": "%s", "at": "%s", "result": %s}\n' \
        "$label" "$seed" "$commit" "$build" "$(date -u +%FT%TZ)" "$line" >> "$results"
done
