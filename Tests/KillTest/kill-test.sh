#!/usr/bin/env bash
# Kill test (issues 7 and 19): starts large builds, kills each with SIGKILL at a random moment, and
# checks that the output folder always holds either the complete previous site or the complete new
# one. Then the same for incremental builds (one game file changed, the build cache in use): after
# each kill the published site is whole, and the next build is byte-identical to a clean build,
# whatever state the kill left the cache in.
# Usage: Tests/KillTest/kill-test.sh [ROUNDS] [GAMES]     (make kill-test)
set -euo pipefail
rounds=${1:-20}
games=${2:-3000}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/.build/release/gamenight"
# Always (quick when up to date): a stale binary would test old code.
(cd "$root" && swift build -c release --product gamenight >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The build cache (and the puzzle caches) in the test's folder, not the user's.
export XDG_CACHE_HOME="$work/cache"

# Two versions of a large game folder that differ in every page's content.
make_games() { # folder tag
    mkdir -p "$1"
    for i in $(seq 1 "$games"); do
        day=$(( i % 28 + 1 ))
        printf -- '---\ngame: scores\ntitle: Game %s (%s)\ndate: 2026-11-%02d\nplayers: [Ann, Bo, Cy]\nrounds:\n  - {Ann: %s, Bo: 3}\n  - {Cy: 4, Bo: %s}\n---\nNotes for game %s, version %s.\n' \
            "$i" "$2" "$day" "$(( i % 7 ))" "$(( i % 5 ))" "$i" "$2" > "$1/game-$i.md"
    done
}
make_games "$work/a" A
make_games "$work/b" B

fingerprint() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }

"$bin" build "$work/a" --out "$work/ref-a" >/dev/null
"$bin" build "$work/b" --out "$work/ref-b" >/dev/null
fa=$(fingerprint "$work/ref-a"); fb=$(fingerprint "$work/ref-b")
"$bin" build "$work/b" --out "$work/site" >/dev/null
# Time a rebuild over an existing site: it also swaps and removes the old one.
start=$(date +%s%N); "$bin" build "$work/a" --out "$work/site" >/dev/null; end=$(date +%s%N)
duration_ms=$(( (end - start) / 1000000 ))
echo "kill test: $games games, a build takes ${duration_ms} ms; $rounds rounds"

current=a; interrupted=0; completed=0
for round in $(seq 1 "$rounds"); do
    next=$([ "$current" = a ] && echo b || echo a)
    "$bin" build "$work/$next" --out "$work/site" >/dev/null 2>&1 &
    pid=$!
    # Up to 1.3× a build, so some kills land during the swap and cleanup, and some after.
    delay_ms=$(( RANDOM % (duration_ms * 13 / 10 + 1) ))
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    found=$(fingerprint "$work/site")
    if [ "$found" = "$(eval echo \$f$current)" ]; then
        interrupted=$((interrupted + 1)); result="previous site intact"
    elif [ "$found" = "$(eval echo \$f$next)" ]; then
        completed=$((completed + 1)); result="new site complete"; current=$next
    else
        echo "round $round: FAILED — the output folder is neither the previous nor the new site" >&2
        exit 1
    fi
    echo "round $round: killed after ${delay_ms} ms: $result"
done
echo "kill test: full builds passed: $rounds kills, $interrupted interrupted (previous site intact), $completed completed"

# Incremental builds: each round changes one game file of `c`, kills a build with the cache, checks
# the output is the previous or the new site, then builds again and compares with a clean build.
cp -r "$work/a" "$work/c"
"$bin" build "$work/c" --out "$work/inc" >/dev/null
echo "change" >> "$work/c/game-1.md"
start=$(date +%s%N); "$bin" build "$work/c" --out "$work/inc" >/dev/null; end=$(date +%s%N)
inc_ms=$(( (end - start) / 1000000 ))
previous=$(fingerprint "$work/inc")
echo "kill test: incremental builds take ${inc_ms} ms; $rounds rounds"
interrupted=0; completed=0
for round in $(seq 1 "$rounds"); do
    file="$work/c/game-$(( RANDOM % games + 1 )).md"
    printf 'Edited in round %s.\n' "$round" >> "$file"
    rm -rf "$work/ref"; "$bin" build "$work/c" --out "$work/ref" --no-cache >/dev/null
    new=$(fingerprint "$work/ref")
    "$bin" build "$work/c" --out "$work/inc" >/dev/null 2>&1 &
    pid=$!
    delay_ms=$(( RANDOM % (inc_ms * 13 / 10 + 1) ))
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    found=$(fingerprint "$work/inc")
    if [ "$found" = "$previous" ]; then
        interrupted=$((interrupted + 1)); result="previous site intact"
    elif [ "$found" = "$new" ]; then
        completed=$((completed + 1)); result="new site complete"
    else
        echo "incremental round $round: FAILED — the output folder is neither the previous nor the new site" >&2
        exit 1
    fi
    "$bin" build "$work/c" --out "$work/inc" >/dev/null
    if [ "$(fingerprint "$work/inc")" != "$new" ]; then
        echo "incremental round $round: FAILED — the build after the kill differs from a clean build" >&2
        exit 1
    fi
    previous=$new
    echo "incremental round $round: killed after ${delay_ms} ms: $result; the next build equals a clean build"
done
echo "kill test passed: $rounds kills of full builds and $rounds of incremental builds; incremental: $interrupted interrupted, $completed completed"
