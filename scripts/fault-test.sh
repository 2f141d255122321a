#!/usr/bin/env bash
# Fault test (issue 45): the faults the tests in `make test` inject (write_faults.h, chattr),
# met for real on small file systems of their own.
# - disk: a tmpfs filled to every level from "nothing free" to "room for the build", with the
#   output, the cache and the import folder on it: each build or import either fails with a
#   message naming the path and saying to free some space, leaving the previous site and every
#   game file whole, or succeeds; once the space is freed, the next run equals a clean one. Last,
#   SnapshotKit's assertion on the full tmpfs (its test FullTmpfsTests, pointed there).
# - permissions: the output's folder remounted read-only; the output itself a mount point (rename
#   gives EBUSY, or EXDEV across file systems); a game file, a template and gamenight.yaml
#   unreadable to the user building (`nobody`, through setpriv).
# Mounting needs root: without it the script says so and skips those parts.
# Usage: scripts/fault-test.sh [GAMES]     (make fault-test)
# PARTS="disk" runs only those parts (of: disk permissions); BIN=path tests that program instead
# of a fresh release build.
set -euo pipefail
games=${1:-200}
parts=${PARTS:-disk permissions}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${BIN:-}" ]; then
    # Always (quick when up to date): a stale binary would test old code.
    (cd "$root" && swift build -c release --product gamenight >/dev/null)
    bin="$root/.build/release/gamenight"
else
    bin=$BIN
fi
work=$(mktemp -d)
mounts=()
cleanup() {
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[$i]}" 2>/dev/null || umount -l "${mounts[$i]}" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
export XDG_CACHE_HOME="$work/cache"
has() { case " $parts " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
failed=0; marked=0; summaries=(); skipped=()
fail() { echo "FAILED — $*" >&2; failed=$((failed + 1)); }
# A part's summary, said only when none of its checks failed since `mark`.
mark() { marked=$failed; }
passed() { if [ "$failed" = "$marked" ]; then summaries+=("$1"); else summaries+=("FAILED: ${1%%:*}"); fi; }
fingerprint() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum | sha256sum | cut -c1-16); }
make_games() { # folder tag count
    mkdir -p "$1"
    for i in $(seq 1 "$3"); do
        printf -- '---\ngame: scores\ntitle: Game %s (%s)\ndate: 2026-11-%02d\nplayers: [Ann, Bo, Cy]\nrounds:\n  - {Ann: %s, Bo: 3}\n  - {Cy: 4, Bo: %s}\n---\nNotes for game %s, version %s.\n' \
            "$i" "$2" "$(( i % 28 + 1 ))" "$(( i % 7 ))" "$(( i % 5 ))" "$i" "$2" > "$1/game-$i.md"
    done
}
# mount_tmpfs DIR SIZE: a tmpfs of its own at DIR.
mount_tmpfs() { mkdir -p "$1" && mount -t tmpfs -o "size=$2,mode=755" tmpfs "$1" && mounts+=("$1"); }
# fill DIR KB: fills the file system holding DIR, then frees KB kilobytes of it.
fill() {
    rm -f "$1/filler"
    dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null || true
    local size; size=$(stat -c %s "$1/filler")
    truncate -s $(( size > $2 * 1024 ? size - $2 * 1024 : 0 )) "$1/filler"
}
can_mount=0
if [ "$(id -u)" = 0 ] && mkdir -p "$work/probe" && mount -t tmpfs -o size=64k tmpfs "$work/probe" 2>/dev/null; then
    umount "$work/probe"; can_mount=1
else
    echo "fault test: not root, or mounting is not allowed here: the parts that mount a tmpfs are skipped (run as root: sudo make fault-test)"
fi
started=$(date +%s)

# --- A full disk -----------------------------------------------------------------------------
if has disk && [ "$can_mount" = 1 ]; then
make_games "$work/a" A "$games"
make_games "$work/b" B "$games"
"$bin" build "$work/b" --out "$work/ref-b" --no-cache -q
fb=$(fingerprint "$work/ref-b")
site_kb=$(du -sk "$work/ref-b" | cut -f1)
# Room for the published site, a kept previous one, a staging one and the cache, and then some.
mount_tmpfs "$work/disk" "$(( site_kb * 5 + 4096 ))k"
disk_env=(env XDG_CACHE_HOME="$work/disk/cache")
# Free space from none to a whole site, in steps: the build fails at a different write each time.
step=$(( site_kb / 12 + 1 )); runs=0; failures=0; mark
for free in $(seq 0 "$step" "$(( site_kb * 2 ))"); do
    rm -rf "$work/disk/"{site,.site.*,cache,filler}
    "${disk_env[@]}" "$bin" build "$work/a" --out "$work/disk/site" -q
    fa=$(fingerprint "$work/disk/site"); sources=$(fingerprint "$work/b")
    fill "$work/disk" "$free"
    status=0; "${disk_env[@]}" "$bin" build "$work/b" --out "$work/disk/site" -q 2>"$work/err" || status=$?
    runs=$((runs + 1))
    found=$(fingerprint "$work/disk/site")
    [ "$(fingerprint "$work/b")" = "$sources" ] || fail "disk ($free KB free): the build changed the game files"
    if [ "$status" = 0 ]; then
        [ "$found" = "$fb" ] || fail "disk ($free KB free): the build succeeded but the site is not the clean build"
    else
        failures=$((failures + 1))
        [ "$status" = 3 ] || fail "disk ($free KB free): exit status $status, not 3"
        [ "$found" = "$fa" ] || fail "disk ($free KB free): the build failed and the previous site changed"
        grep -q "no space left on device" "$work/err" && grep -q "free some space" "$work/err" && grep -q "$work/disk" "$work/err" \
            || { fail "disk ($free KB free): the message does not name the path and say what to do:"; cat "$work/err" >&2; }
        ls -a "$work/disk" | grep -q -- '\.staging-' && fail "disk ($free KB free): a staging folder was left"
    fi
    [ "$free" = 0 ] && echo "disk: with nothing free: $(head -n 1 "$work/err")"
    rm -f "$work/disk/filler"
    "${disk_env[@]}" "$bin" build "$work/b" --out "$work/disk/site" -q 2>"$work/err" || { fail "disk ($free KB free): the build after freeing space failed:"; cat "$work/err" >&2; }
    [ "$(fingerprint "$work/disk/site")" = "$fb" ] || fail "disk ($free KB free): the build after freeing space is not the clean build"
done
passed "disk full, build: $runs builds from 0 to $(( site_kb * 2 )) KB free ($site_kb KB a site): $failures failed cleanly, the rest succeeded; each next build equals a clean build"

# Import: the folder on the full tmpfs; every game file whole after each failure.
logs=("$root"/Tests/PlayImportingTests/Fixtures/bgg-plays-page-*.xml)
mark; rm -rf "$work/ref-import"; "$bin" import bgg "${logs[@]}" --into "$work/ref-import" >/dev/null 2>&1
runs=0; failures=0
for free in 0 4 8 12 16 24 32; do
    rm -rf "$work/disk/"{imported,filler}
    "$bin" import bgg "${logs[0]}" --into "$work/disk/imported" >/dev/null 2>&1
    fill "$work/disk" "$free"
    status=0; "$bin" import bgg "${logs[@]}" --into "$work/disk/imported" >/dev/null 2>"$work/err" || status=$?
    runs=$((runs + 1))
    if [ "$status" != 0 ]; then
        failures=$((failures + 1))
        grep -q "no space left on device" "$work/err" && grep -q "free some space" "$work/err" && grep -q "$work/disk/imported" "$work/err" \
            || { fail "import ($free KB free): the message does not name the path and say what to do:"; cat "$work/err" >&2; }
    fi
    # Every file is a whole game file of the reference import (page 2 only adds plays).
    while IFS= read -r -d '' file; do
        relative=${file#"$work/disk/imported/"}
        cmp -s "$file" "$work/ref-import/$relative" || fail "import ($free KB free): $relative is not whole"
    done < <(find "$work/disk/imported" -type f -print0)
    [ "$free" = 0 ] && echo "import: with nothing free: $(head -n 1 "$work/err")"
    rm -f "$work/disk/filler"
    "$bin" import bgg "${logs[@]}" --into "$work/disk/imported" >/dev/null 2>&1 || fail "import ($free KB free): the import after freeing space failed"
    [ "$(fingerprint "$work/disk/imported")" = "$(fingerprint "$work/ref-import")" ] || fail "import ($free KB free): the import after freeing space is not complete"
done
passed "disk full, import: $runs imports from 0 to 32 KB free: $failures failed cleanly; every game file whole, each next import complete"

# SnapshotKit: its FullTmpfsTests assert into a package folder on the full tmpfs.
if [ -x "$root/Packages/SnapshotKit/.build/debug/SnapshotKitPackageTests.xctest" ]; then
    rm -rf "$work/disk/"{snapshots,filler}
    package="$work/disk/snapshots"; mkdir -p "$package/Tests/AppTests" "$package/__Snapshots__/AppTests/PageTests"
    echo '// swift-tools-version: 6.0' > "$package/Package.swift"
    for name in x y; do echo old > "$package/__Snapshots__/AppTests/PageTests/page.$name.txt"; done
    fill "$work/disk" 0
    if SNAPSHOTKIT_FULL_DISK="$package" swift test --skip-build --package-path "$root/Packages/SnapshotKit" --filter FullTmpfsTests >"$work/err" 2>&1 \
        && grep -q 'FullTmpfsTests.*passed\|A real full disk" passed' "$work/err"; then
        summaries+=("disk full, snapshots: FullTmpfsTests passed on the full tmpfs")
    else
        fail "snapshots: FullTmpfsTests failed on the full tmpfs:"; tail -n 30 "$work/err" >&2
    fi
    rm -f "$work/disk/filler"
else
    skipped+=("snapshots on the full tmpfs: build SnapshotKit's tests first (cd Packages/SnapshotKit && swift build --build-tests)")
fi
umount "$work/disk"; unset 'mounts[-1]'
elif has disk; then
    skipped+=("disk: needs root to mount a tmpfs")
fi

# --- Permissions -----------------------------------------------------------------------------
if has permissions; then
[ -d "$work/a" ] || make_games "$work/a" A "$games"
[ -d "$work/b" ] || make_games "$work/b" B "$games"
[ -d "$work/ref-b" ] || "$bin" build "$work/b" --out "$work/ref-b" --no-cache -q
fb=$(fingerprint "$work/ref-b")
if [ "$can_mount" = 1 ]; then
    # The output's folder on a file system remounted read-only.
    mark
    mount_tmpfs "$work/ro" 64m
    "$bin" build "$work/a" --out "$work/ro/site" -q
    fa=$(fingerprint "$work/ro/site")
    mount -o remount,ro "$work/ro"
    status=0; "$bin" build "$work/b" --out "$work/ro/site" -q 2>"$work/err" || status=$?
    echo "read-only file system: $(head -n 1 "$work/err")"
    [ "$status" = 3 ] && [ "$(fingerprint "$work/ro/site")" = "$fa" ] && grep -q "read-only file system" "$work/err" && grep -q "remount it read-write" "$work/err" && grep -q "$work/ro/site" "$work/err" \
        || { fail "read-only file system: status $status, or the site changed, or the message is unclear:"; cat "$work/err" >&2; }
    mount -o remount,rw "$work/ro"
    "$bin" build "$work/b" --out "$work/ro/site" -q && [ "$(fingerprint "$work/ro/site")" = "$fb" ] || fail "read-only file system: the build after remounting read-write is not the clean build"
    passed "read-only file system: refused with a message, site intact; the build after remounting equals a clean build"

    # The output folder itself a mount point: a rename cannot move it (EBUSY), nor across file systems (EXDEV).
    mark; mount_tmpfs "$work/point" 64m
    status=0; "$bin" build "$work/a" --out "$work/point" -q 2>"$work/err" || status=$?
    echo "output a mount point: $(head -n 1 "$work/err")"
    [ "$status" != 0 ] && grep -q "mount point" "$work/err" && grep -q -- "--out $work/point/" "$work/err" \
        || { fail "output a mount point: status $status, or the message does not say to choose a folder inside it:"; cat "$work/err" >&2; }
    [ -z "$(ls -A "$work/point")" ] || fail "output a mount point: the failed build left files in it"
    "$bin" build "$work/b" --out "$work/point/site" -q && [ "$(fingerprint "$work/point/site")" = "$fb" ] || fail "output a mount point: a build into a folder inside it failed"
    passed "output folder a mount point: refused with a message saying to choose a folder inside it; that works"
else
    skipped+=("read-only file system, output a mount point: need root to mount a tmpfs")
fi

# Unreadable files, as a user (root reads anything): each build fails naming the file, and the
# next one, with the file readable again, succeeds.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    mark; as_nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups env XDG_CACHE_HOME="$work/u/cache")
    rm -rf "$work/u"; mkdir -p "$work/u"; cp -r "$work/a" "$work/u/games"; cp "$bin" "$work/u/gamenight"
    mkdir -p "$work/u/templates"; cp "$root/templates/404.mustache" "$work/u/templates/"
    printf 'title: Fault night\n' > "$work/u/games/gamenight.yaml"
    chmod 755 "$work"; chown -R nobody "$work/u"
    "${as_nobody[@]}" "$work/u/gamenight" build "$work/u/games" --templates "$work/u/templates" --out "$work/u/site" -q
    fu=$(fingerprint "$work/u/site")
    for file in games/game-7.md templates/404.mustache games/gamenight.yaml; do
        chmod 000 "$work/u/$file"
        status=0; "${as_nobody[@]}" "$work/u/gamenight" build "$work/u/games" --templates "$work/u/templates" --out "$work/u/site" -q 2>"$work/err" || status=$?
        echo "unreadable $file: $(head -n 1 "$work/err")"
        [ "$status" != 0 ] && [ "$(fingerprint "$work/u/site")" = "$fu" ] && grep -q "${file##*/}" "$work/err" && grep -qi "permission denied" "$work/err" && grep -q "make it readable" "$work/err" \
            || { fail "unreadable $file: status $status, or the site changed, or the message does not name the file:"; cat "$work/err" >&2; }
        chmod 644 "$work/u/$file"
        "${as_nobody[@]}" "$work/u/gamenight" build "$work/u/games" --templates "$work/u/templates" --out "$work/u/site" -q || fail "unreadable $file: the build after making it readable failed"
    done
    chmod 700 "$work"
    passed "unreadable game file, template, gamenight.yaml (as nobody): each refused naming the file, site intact; the next build succeeds"
else
    skipped+=("unreadable files: need root and setpriv to build as another user")
fi
fi

echo "fault test finished in $(( $(date +%s) - started )) s:"
for line in "${summaries[@]}"; do echo "  $line"; done
for line in "${skipped[@]}"; do echo "  skipped: $line"; done
[ "$failed" = 0 ] || { echo "fault test: FAILED ($failed checks)" >&2; exit 1; }
echo "fault test passed"
