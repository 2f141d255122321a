#!/bin/sh
# `make install-check`: installs GameNight into a temporary prefix (or PREFIX, if given) and shows
# that the installed programs run with the Swift toolchain out of reach:
#   - ldd lists no Swift runtime or Foundation library, and nothing from the toolchain's folder;
#     on Linux, mimalloc comes before libc;
#   - with an empty environment and PATH=/usr/bin:/bin, `gamenight` builds a copy of the
#     examples (and with --base-url, its link-preview cards: librsvg), imports a BoardGameGeek page
#     (FoundationXML, libxml2), prints its version, and
#     `gamenight serve` serves and stops on Ctrl-C;
#   - the man page and the shell completions are where the shells look, and parse.
# Prints what the programs still load from the system, and the size of the installation.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gamenight-install-check.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
prefix=${PREFIX:-$work/prefix}
toolchain=$(dirname "$(dirname "$(command -v swift || echo /nonexistent/bin/swift)")")
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

make -C "$root" --no-print-directory install PREFIX="$prefix"

echo "== Libraries the installed programs load"
for program in gamenight gamenight-serve; do
  libraries=$(ldd "$prefix/bin/$program")
  echo "$program:"
  echo "$libraries" | awk '{print "  " $1}'
  if echo "$libraries" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' >/dev/null; then
    fail "$program loads a Swift runtime or Foundation library"
  elif [ "$toolchain" != "/nonexistent" ] && echo "$libraries" | grep -F "$toolchain/" >/dev/null; then
    fail "$program loads a library from the toolchain ($toolchain)"
  else
    ok "$program loads no Swift runtime or Foundation library"
  fi
  if echo "$libraries" | grep 'not found' >/dev/null; then fail "$program misses a library"; fi
  if command -v strip >/dev/null && command -v nm >/dev/null; then
    if nm "$prefix/bin/$program" 2>&1 | grep -q 'no symbols'; then ok "$program is stripped"; else fail "$program still has its symbol table"; fi
  fi
  # Linked before libc, mimalloc serves every malloc of the process (Package.swift).
  if [ "$(uname -s)" = Linux ]; then
    if echo "$libraries" | awk '{print $1}' | grep -n -E '^(libmimalloc|libc)\.so' | head -1 | grep -q libmimalloc; then
      ok "$program allocates with mimalloc (loaded before libc)"
    else
      fail "$program does not load mimalloc before libc"
    fi
  fi
done

# An empty environment: no PATH to the toolchain, no LD_LIBRARY_PATH, no XDG_CACHE_HOME.
bare() { env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"; }
mkdir -p "$work/home"
cp -R "$root/examples" "$work/examples"

echo "== Running with PATH=/usr/bin:/bin and nothing else"
if version=$(bare "$prefix/bin/gamenight" --version) && echo "$version" | grep -E '^[0-9]+\.[0-9]+\.[0-9]+ \(commit ' >/dev/null; then
  ok "gamenight --version: $version"
else
  fail "gamenight --version"
fi
if bare "$prefix/bin/gamenight" build "$work/examples" --out "$work/site" && [ -f "$work/site/index.html" ]; then
  ok "gamenight build wrote $(find "$work/site" -type f | wc -l | tr -d ' ') files"
else
  fail "gamenight build"
fi
# With a base URL, every scorecard, night, player and year gets a link-preview card (librsvg).
if bare "$prefix/bin/gamenight" build "$work/examples" --out "$work/site-cards" --base-url https://example.org/ \
  && card=$(find "$work/site-cards/cards" -name '*.png' | head -1) && [ -n "$card" ] \
  && [ "$(head -c 8 "$card" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
  ok "gamenight build --base-url drew $(find "$work/site-cards/cards" -name '*.png' | wc -l | tr -d ' ') link-preview cards (librsvg)"
else
  fail "gamenight build --base-url (link-preview cards)"
fi
if bare "$prefix/bin/gamenight" import bgg "$root/Tests/PlayImportingTests/Fixtures/bgg-plays-page-1.xml" --into "$work/imported"; then
  ok "gamenight import bgg (FoundationXML)"
else
  fail "gamenight import bgg"
fi
# Started without the function, so that $! is the server itself (env, then gamenight, exec it).
env -i PATH=/usr/bin:/bin HOME="$work/home" "$prefix/bin/gamenight" serve "$work/examples" --port 0 --out "$work/served" >"$work/serve.log" 2>&1 &
server=$!
tries=0
until grep -q 'Serving' "$work/serve.log" || [ $tries -ge 600 ] || ! kill -0 $server 2>/dev/null; do
  sleep 0.1; tries=$((tries + 1))
done
address=$(sed -n 's/.* at \(http:[^ ]*\) .*/\1/p' "$work/serve.log")
if [ -n "$address" ] && command -v curl >/dev/null && curl -fsS "$address" | grep -q '<html'; then
  ok "gamenight serve answered at $address"
elif [ -n "$address" ] && ! command -v curl >/dev/null; then
  ok "gamenight serve listens at $address (no curl to ask it)"
else
  fail "gamenight serve: $(cat "$work/serve.log")"
fi
kill -INT $server 2>/dev/null || true
if wait $server; then ok "gamenight serve stopped on Ctrl-C"; else fail "gamenight serve exited with $?"; fi

echo "== Man page and completions"
for file in share/man/man1/gamenight.1 share/man/man1/gamenight-serve.1 share/bash-completion/completions/gamenight \
            share/zsh/site-functions/_gamenight share/fish/vendor_completions.d/gamenight.fish; do
  if [ -s "$prefix/$file" ]; then ok "$file"; else fail "$file is missing"; fi
done
if command -v man >/dev/null && man -l "$prefix/share/man/man1/gamenight.1" 2>/dev/null | grep -q 'gamenight'; then
  ok "man -l renders gamenight.1"
fi
bash -n "$prefix/share/bash-completion/completions/gamenight" && ok "bash parses the bash completion" || fail "bash completion"
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_gamenight" && ok "zsh parses the zsh completion" || fail "zsh completion"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/gamenight.fish" && ok "fish parses the fish completion" || fail "fish completion"; fi

echo "== Size"
du -sh "$prefix" | awk '{print "installed: " $1}'
ls -l "$prefix/bin" | awk 'NR > 1 {printf "  %s %d bytes\n", $9, $5}'

if [ $failures -gt 0 ]; then echo "$failures check(s) failed." >&2; exit 1; fi
echo "Every check passed."
