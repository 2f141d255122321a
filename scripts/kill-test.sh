#!/usr/bin/env bash
# Kill test (issues 7, 19 and 22): starts large builds, kills each with SIGKILL at a random moment,
# and checks that the output folder always holds either the complete previous site or the complete
# new one. Then the same for incremental builds (one game file changed, the build cache in use) and
# for `gamenight serve` rebuilds: after each kill the published site is whole, and the next build is
# byte-identical to a clean build, whatever state the kill left the cache in. Last, the cache is
# damaged on purpose (cut, bytes changed, another site's, unwritable): each build succeeds, says why
# it did not use the cache, and is byte-identical to a clean build.
# Usage: scripts/kill-test.sh [ROUNDS] [GAMES] [SERVE_GAMES]     (make kill-test)
# PARTS="serve cache" runs only those parts (of: full incremental serve cache).
set -euo pipefail
rounds=${1:-20}
games=${2:-3000}
serve_games=${3:-1000}
parts=${PARTS:-full incremental serve cache}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release/gamenight"
# Always (quick when up to date): a stale binary would test old code.
(cd "$root" && swift build -c release --product gamenight >/dev/null && swift build -c release --product gamenight-serve >/dev/null)
work=$(mktemp -d)
serve_pid=
cleanup() {
    if [ -n "$serve_pid" ]; then kill -KILL -- "-$serve_pid" 2>/dev/null || true; fi
    # An immutable folder (the unwritable-cache check) cannot be removed until it is mutable again.
    chattr -R -i "$work" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# The build cache (and the puzzle caches) in the test's folder, not the user's.
export XDG_CACHE_HOME="$work/cache"
started=$(date +%s)
has() { case " $parts " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
sleep_ms() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }
# A game folder of COUNT games; TAG differs in every page's content.
make_games() { # folder tag count
    mkdir -p "$1"
    for i in $(seq 1 "$3"); do
        day=$(( i % 28 + 1 ))
        printf -- '---\ngame: scores\ntitle: Game %s (%s)\ndate: 2026-11-%02d\nplayers: [Ann, Bo, Cy]\nrounds:\n  - {Ann: %s, Bo: 3}\n  - {Cy: 4, Bo: %s}\n---\nNotes for game %s, version %s.\n' \
            "$i" "$2" "$day" "$(( i % 7 ))" "$(( i % 5 ))" "$i" "$2" > "$1/game-$i.md"
    done
}

fingerprint() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }
summaries=()

if has full; then
make_games "$work/a" A "$games"
make_games "$work/b" B "$games"
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
    sleep_ms "$delay_ms"
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
summaries+=("full builds ($games games): $rounds kills, $interrupted interrupted (previous site intact), $completed completed")
rm -rf "$work/a" "$work/b" "$work/ref-a" "$work/ref-b" "$work/site"
fi

# Incremental builds: each round changes one game file of `c`, kills a build with the cache, checks
# the output is the previous or the new site, then builds again and compares with a clean build.
if has incremental; then
make_games "$work/c" A "$games"
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
    sleep_ms "$delay_ms"
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
summaries+=("incremental builds ($games games): $rounds kills, $interrupted interrupted (previous site intact), $completed completed; every next build equals a clean build")
rm -rf "$work/c" "$work/inc" "$work/ref"
fi

# `gamenight serve` rebuilds: each round starts serve (its own process group, a free loopback
# port) over `s`, waits until it serves, changes one game file and kills the whole group at a
# random moment of the rebuild that follows. Then as above: the published folder is the previous
# or the new site, and the next `gamenight build` (through the cache serve used) equals a clean build.
serve_log="$work/serve.log"
start_serve() { # [source] [output] [cache folder]
    : > "$serve_log"
    setsid env XDG_CACHE_HOME="${3:-$XDG_CACHE_HOME}" "$bin" serve "${1:-$work/s}" --out "${2:-$work/served}" --port 0 >"$serve_log" 2>&1 &
    serve_pid=$!
    # setsid runs the program in place (its own group, group id = its pid); gamenight then execs
    # gamenight-serve, so the one group holds every process of the server.
    local waited=0
    until grep -q '^Serving ' "$serve_log"; do
        sleep 0.05; waited=$((waited + 1))
        if [ "$waited" -gt 2400 ] || ! kill -0 "$serve_pid" 2>/dev/null; then
            echo "serve did not start:" >&2; cat "$serve_log" >&2; exit 1
        fi
    done
    [ "$(ps -o pgid= -p "$serve_pid" | tr -d ' ')" = "$serve_pid" ] || { echo "serve is not in a process group of its own" >&2; exit 1; }
}
kill_serve() {
    kill -KILL -- "-$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
    serve_pid=
}
built_count() { grep -c '^Built ' "$serve_log" || true; }

if has serve; then
make_games "$work/s" A "$serve_games"
"$bin" build "$work/s" --out "$work/served" >/dev/null
# How long from a save to the rebuilt site being published.
start_serve
before=$(built_count)
start=$(date +%s%N)
echo "Edited before the rounds." >> "$work/s/game-1.md"
until [ "$(built_count)" -gt "$before" ]; do sleep 0.01; done
end=$(date +%s%N)
kill_serve
serve_ms=$(( (end - start) / 1000000 ))
previous=$(fingerprint "$work/served")
rm -rf "$work/ref"; "$bin" build "$work/s" --out "$work/ref" --no-cache >/dev/null
[ "$(fingerprint "$work/ref")" = "$previous" ] || { echo "serve: its site differs from a clean build" >&2; exit 1; }
echo "kill test: serve ($serve_games games) rebuilds in ${serve_ms} ms after a save; $rounds rounds"
interrupted=0; completed=0
for round in $(seq 1 "$rounds"); do
    start_serve
    file="$work/s/game-$(( RANDOM % serve_games + 1 )).md"
    printf 'Edited while serving, round %s.\n' "$round" >> "$file"
    delay_ms=$(( RANDOM % (serve_ms * 13 / 10 + 1) ))
    sleep_ms "$delay_ms"
    rebuilt=$(built_count)
    kill_serve
    rm -rf "$work/ref"; "$bin" build "$work/s" --out "$work/ref" --no-cache >/dev/null
    new=$(fingerprint "$work/ref")
    found=$(fingerprint "$work/served")
    if [ "$found" = "$previous" ]; then
        interrupted=$((interrupted + 1)); result="previous site intact"
    elif [ "$found" = "$new" ]; then
        completed=$((completed + 1)); result="new site complete"
    else
        echo "serve round $round: FAILED — the output folder is neither the previous nor the new site" >&2
        exit 1
    fi
    "$bin" build "$work/s" --out "$work/served" >/dev/null
    if [ "$(fingerprint "$work/served")" != "$new" ]; then
        echo "serve round $round: FAILED — the build after the kill differs from a clean build" >&2
        exit 1
    fi
    previous=$new
    echo "serve round $round: killed $delay_ms ms after the save ($((rebuilt - 1)) rebuilds logged): $result; the next build equals a clean build"
done
summaries+=("serve rebuilds ($serve_games games): $rounds kills, $interrupted interrupted (previous site intact), $completed completed; every next build equals a clean build")
fi

# The cache damaged on purpose. Each check: a good cache, the damage, one game changed (a cache
# used wrongly would keep its old page); then the build must succeed, print a note saying why the
# cache was not used, and equal a clean build. Damage that leaves the cache unreadable is a full
# build; an unwritable cache may still be read, so only its note is checked.
# As root, permission bits do not stop writes: an unwritable cache is made two ways that hold for
# root too (an immutable folder, `chattr +i`, when the file system has it; a file where the cache
# folder belongs) and one as a user would meet it (the build run as `nobody` with `setpriv`).
if has cache; then
[ -d "$work/s" ] || make_games "$work/s" A "$serve_games"
checks=0; cache_failed=0; skipped=()
run_check() { # name, how the build is run (a command prefix), whether it must be a full build
    local name=$1 full=$3 out err status
    out="$work/check-out"; err="$work/check-err"
    printf 'Changed for the check %s.\n' "$name" >> "$work/check/games/game-7.md"
    rm -rf "$work/check/ref"; "$bin" build "$work/check/games" --out "$work/check/ref" --no-cache -q
    status=0
    $2 env XDG_CACHE_HOME="$cache_home" "$check_bin" build "$work/check/games" --out "$work/check/site" >"$out" 2>"$err" || status=$?
    local problem=
    if [ "$status" != 0 ]; then problem="the build failed ($status)"
    elif ! grep -q 'note: the build cache' "$err"; then problem="no note about the cache"
    elif [ "$(fingerprint "$work/check/site")" != "$(fingerprint "$work/check/ref")" ]; then problem="the site differs from a clean build"
    elif [ "$full" = full ] && grep -q 'the rest unchanged' "$out"; then problem="pages were reused from the damaged cache"
    fi
    checks=$((checks + 1))
    if [ -n "$problem" ]; then
        cache_failed=$((cache_failed + 1))
        echo "cache check $name: FAILED — $problem" >&2; cat "$err" >&2
    else
        echo "cache check $name: $(grep -o 'the build cache.*' "$err" | head -n 1)"
    fi
}
# A fresh check folder (readable by `nobody`) with a good cache in $cache_home; prints the cache file.
fresh_check() {
    chattr -R -i "$work/check" 2>/dev/null || true
    rm -rf "$work/check"; mkdir -p "$work/check"
    cp -r "$work/s" "$work/check/games"
    cache_home="$work/check/cache"; check_bin=$bin
    XDG_CACHE_HOME="$cache_home" "$bin" build "$work/check/games" --out "$work/check/site" -q
}
cache_file() { ls "$cache_home"/gamenight/sites/*.cache; }
flip() { # file count: change COUNT bytes at random offsets
    python3 - "$1" "$2" <<'PY'
import random, sys
path, count = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, "rb").read())
for _ in range(count):
    data[random.randrange(len(data))] ^= random.randrange(1, 256)
open(path, "wb").write(data)
PY
}
cut_file() { python3 -c 'import sys; p, n = sys.argv[1], int(sys.argv[2]); d = open(p, "rb").read(); open(p, "wb").write(d[:n] if n >= 0 else d[:len(d) + n])' "$1" "$2"; }

for kept in 0 5 9 1000 -1 -41; do
    fresh_check; cut_file "$(cache_file)" "$kept"; run_check "cut-to-$kept" "" full
done
fresh_check; size=$(stat -c %s "$(cache_file)"); cut_file "$(cache_file)" $((size / 2)); run_check "cut-in-half" "" full
for count in 1 1 4 64; do
    fresh_check; flip "$(cache_file)" "$count"; run_check "flip-$count-bytes" "" full
done
fresh_check; ours=$(cache_file)
XDG_CACHE_HOME="$cache_home" "$bin" build "$work/check/games" --out "$work/check/other" -q
other=$(ls "$cache_home"/gamenight/sites/*.cache | grep -v -F "$ours")
cp "$other" "$ours"; run_check "another-site's-cache" "" full
fresh_check; f=$(cache_file); rm "$f"; mkdir "$f"; run_check "a-folder-in-the-file's-place" "" full
fresh_check; rm -rf "$cache_home/gamenight"; echo "not a folder" > "$cache_home/gamenight"; run_check "cache-folder-is-a-file" "" full
fresh_check
if chattr +i "$cache_home/gamenight/sites" 2>/dev/null; then
    run_check "immutable-cache-folder (chattr +i)" "" reused
    chattr -i "$cache_home/gamenight/sites"
else
    skipped+=("immutable-cache-folder: chattr +i does not work here")
fi
if command -v setpriv >/dev/null; then
    # As `nobody`: the check folder theirs, the cache folder root's (mode 755), the program a copy
    # they may run.
    for state in empty kept; do
        fresh_check
        chmod 755 "$work"
        cp "$bin" "$work/check/gamenight"; check_bin="$work/check/gamenight"
        rm -rf "$work/check/site"
        chown -R nobody "$work/check"
        [ "$state" = empty ] && rm -rf "$cache_home/gamenight"
        as_nobody="setpriv --reuid=nobody --regid=nogroup --clear-groups"
        if [ "$state" = kept ]; then
            $as_nobody env XDG_CACHE_HOME="$cache_home" "$check_bin" build "$work/check/games" --out "$work/check/site" -q
        fi
        mkdir -p "$cache_home/gamenight/sites"
        chown -R root "$cache_home"; chmod -R go-w "$cache_home"
        run_check "read-only-cache-folder-as-nobody ($state)" "$as_nobody" $([ "$state" = empty ] && echo full || echo reused)
        chmod 700 "$work"
    done
else
    skipped+=("read-only-cache-folder-as-nobody: no setpriv")
fi
# `serve` reads the same cache, and says so too.
fresh_check; cut_file "$(cache_file)" 9
start_serve "$work/check/games" "$work/check/site" "$cache_home"
kill_serve
checks=$((checks + 1))
if grep -q 'note: the build cache is cut short' "$serve_log"; then
    echo "cache check serve-with-a-cut-cache: $(grep -o 'the build cache.*' "$serve_log" | head -n 1)"
else
    cache_failed=$((cache_failed + 1)); echo "cache check serve-with-a-cut-cache: FAILED — no note" >&2; cat "$serve_log" >&2
fi
summaries+=("damaged caches: $checks checks, $((checks - cache_failed)) passed (a note, a build equal to a clean build)${skipped:+; skipped: ${skipped[*]}}")
[ "$cache_failed" = 0 ] || { echo "kill test: FAILED — $cache_failed damaged-cache checks failed" >&2; exit 1; }
fi

echo "kill test passed in $(( $(date +%s) - started )) s:"
for line in "${summaries[@]}"; do echo "  $line"; done
