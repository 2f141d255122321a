#!/bin/bash
# A long fuzzing campaign for one target (`make fuzz-campaign`, which builds it first):
#   Fuzz/campaign.sh TARGET [RUNS]
# Runs until coverage stops growing: chunks on two workers (-jobs=2, half each, sharing one corpus
# folder; fork mode's restarts cost more than half the speed here) until no chunk has found a new
# feature for PLATEAU seconds of fuzzing (default 3600), or, with RUNS (not 0), also stops at RUNS
# inputs. Seeded from the kept corpus Fuzz/corpus/TARGET/ and the generated seeds, it merges
# (-merge=1) what it kept back into Fuzz/corpus/TARGET/, minimized, after every chunk. Prints
# executions, edges (cov), features (ft), the corpus size and the crashes.
#
# Resumable: each chunk that ends without a finding is a line of Fuzz/campaign-ledger.tsv, with a
# fingerprint of the code it ran (below; `Fuzz/campaign.sh TARGET --fingerprint` prints it). RUNS
# counts the inputs run on that very code over all campaigns, so a campaign cut short (a session's
# end) goes on where it stopped, and any change of the code starts from zero.
set -u
target=$1 runs=${2:-0}
plateau=${PLATEAU:-3600}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/Fuzz/.build-fuzz
work=$build/campaign/$target
kept=$root/Fuzz/corpus/$target
case $target in
  GameFileFuzzer) dict=game-file.dict ;;
  BGGPlaysFuzzer) dict=bgg-plays.dict ;;
  BGStatsFuzzer) dict=bgstats.dict ;;
  TemplateFuzzer) dict=templates.dict ;;
  ConfigurationFuzzer) dict=configuration.dict ;;
  MarkupNormalizerFuzzer) dict=markup.dict ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
# The code a target runs: the modules its binary links (and what builds them: the template
# embedder and its plugin), its own sources, the fuzz modules it shares, its dictionary and Fuzz's
# manifest. Another target's sources are not part of it, so changing one harness restarts only
# that target's count.
rendering="Sources/CCmark Sources/SiteRendering Sources/TemplateEmbedder Plugins templates"
case $target in
  GameFileFuzzer) modules="Sources/GameDomain Sources/GameFileParsing $rendering" ;;
  BGGPlaysFuzzer|BGStatsFuzzer) modules="Sources/GameDomain Sources/GameFileParsing Sources/PlayImporting Fuzz/Sources/PlayImportFuzzing" ;;
  TemplateFuzzer) modules="Sources/GameDomain Sources/GameFileParsing $rendering Fuzz/Sources/SiteFuzzing" ;;
  ConfigurationFuzzer) modules="Sources/GameDomain Sources/GameFileParsing Sources/PuzzleSolver Sources/CSystemShims Sources/SiteBuilding $rendering Fuzz/Sources/SiteFuzzing" ;;
  MarkupNormalizerFuzzer) modules="Packages/SnapshotKit/Sources/SnapshotKitCore" ;;
esac
# shellcheck disable=SC2086  # $modules is a list of paths
code=$(cd "$root" && find $modules "Fuzz/Sources/$target" Fuzz/Sources/CFuzzerDriver "Fuzz/$dict" Fuzz/Package.swift -type f -print0 \
  | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
# `campaign.sh TARGET --fingerprint` prints it and stops.
[ "$runs" = --fingerprint ] && { echo "$code"; exit 0; }
# What an earlier campaign of the target found is moved aside, not cleared with the rest of its work.
if [ -n "$(ls -A "$work/artifacts" 2>/dev/null)" ]; then
  earlier=$build/findings/$target-$(date -u +%Y%m%dT%H%M%SZ)
  mkdir -p "$earlier" && mv "$work/artifacts"/* "$earlier/" && echo "The last campaign's findings are now in $earlier/"
fi
rm -rf "$work" && mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts" "$kept"
case $target in
  GameFileFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" >/dev/null ;;
  BGGPlaysFuzzer) cp "$root"/Tests/PlayImportingTests/Fixtures/*.xml "$work/seeds/" ;;
  BGStatsFuzzer) cp "$root"/Tests/PlayImportingTests/Fixtures/*.json "$work/seeds/" ;;
  TemplateFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" templates >/dev/null ;;
  ConfigurationFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" configuration >/dev/null ;;
  MarkupNormalizerFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" markup >/dev/null ;;
esac
# Swift's backtracer would wait on every crash; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$root/Fuzz/lsan.supp
binary=$build/release/$target
limits=(-dict="$root/Fuzz/$dict" -max_len=65536 -timeout=5 -rss_limit_mb=2048)
# BGGPlaysFuzzer: FoundationXML leaks the message of every XML error (suppressed in lsan.supp),
# so libFuzzer's per-input leak check, a scan of the whole heap, ran after most inputs and took
# six sevenths of the time. It runs without it; LeakSanitizer still checks each chunk's process
# when it exits, and every input of the merged corpus is rerun with the per-input check below.
leaks=()
[ "$target" = BGGPlaysFuzzer ] && leaks=(-detect_leaks=0)
ledger=$root/Fuzz/campaign-ledger.tsv
[ -f "$ledger" ] || printf 'date\ttarget\tcode\texecutions\n' > "$ledger"
before=$(awk -F '\t' -v t="$target" -v c="$code" '$2 == t && $3 == c { total += $4 } END { print total + 0 }' "$ledger")
# In chunks of at most a million inputs (two processes, half each), restarted from the corpus:
# that leak grows every process by ~430 bytes an input, 2 GB in 5 million.
chunk=1000000
# Minimizes the kept corpus together with what the campaign added so far.
merge() {
  rm -rf "$work/merged" && mkdir -p "$work/merged"
  "$binary" -merge=1 "$work/merged" "$kept" "$work/corpus" "${limits[@]}" -artifact_prefix="$work/artifacts/" > "$work/merge.log" 2>&1 || status=$?
  if [ -n "$(ls -A "$work/merged")" ]; then rm -rf "$kept" && mv "$work/merged" "$kept"; fi
}
started=$(date +%s)
echo "== $target: until no new feature for $plateau s$( [ "$runs" != 0 ] && echo " or $runs inputs") on code $code ($before run before, in the ledger) on 2 workers in chunks of $chunk; logs in $work/"
status=0 executions=0 done=$before round=0 quiet=0 best=0
# Seconds of fuzzing since a chunk last found a feature: a worker ending with more features (ft:)
# than any chunk before reached (the first chunk: than its workers started with). A high-water
# mark, not each worker's start: features a merge drops and the next chunk finds again are not new.
while [ "$status" = 0 ] && [ "$quiet" -lt "$plateau" ] && { [ "$runs" = 0 ] || [ "$done" -lt "$runs" ]; }; do
  size=$(( runs != 0 && runs - done < chunk ? runs - done : chunk ))
  round=$(( round + 1 ))
  mkdir -p "$work/chunk-$round"
  begun=$(date +%s)
  (cd "$work/chunk-$round" && "$binary" "$work/corpus" "$kept" "$work/seeds" "${limits[@]}" "${leaks[@]}" -runs=$(( (size + 1) / 2 )) \
    -jobs=2 -workers=2 -artifact_prefix="$work/artifacts/" -print_final_stats=1 > run.log 2>&1) || status=$?
  ran=$(cat "$work/chunk-$round"/fuzz-*.log | grep -E '^stat::number_of_executed_units' | awk '{ total += $2 } END { print total + 0 }')
  # The most features a worker started with and ended with (0 when no line says).
  read -r started_ft ended_ft < <(cat "$work/chunk-$round"/fuzz-*.log | awk '/INITED/ || /DONE/ {
      for (i = 1; i < NF; i++) if ($i == "ft:" && $(i + 1) + 0 > most[/DONE/] + 0) most[/DONE/] = $(i + 1) }
    END { print most[0] + 0, most[1] + 0 }')
  [ "$best" = 0 ] && best=$started_ft
  grew=0
  if [ "$ended_ft" -gt "$best" ]; then grew=1 best=$ended_ft quiet=0; else quiet=$(( quiet + $(date +%s) - begun )); fi
  executions=$(( executions + ran ))
  merge
  [ "$status" = 0 ] && printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$code" "$ran" >> "$ledger"
  done=$(( done + ran ))
  echo "   chunk $round: $executions inputs in this campaign, $done on this code, $(( $(date +%s) - started )) s; $( [ "$grew" -gt 0 ] && echo "new features" || echo "no new feature for $quiet s")"
done
seconds=$(( $(date +%s) - started ))
last=$( [ "$round" -gt 0 ] && for log in "$work/chunk-$round"/fuzz-*.log; do grep -E '^#[0-9]+\s+DONE' "$log" | tail -n 1; done)
# Every kept input once more, with the per-input leak check.
"$binary" "$kept" "${limits[@]}" -runs=0 -artifact_prefix="$work/artifacts/" > "$work/recheck.log" 2>&1 || status=$?
crashes=$(find "$work/artifacts" -type f | wc -l)
echo "$target: executions $executions in ${seconds} s, $done on code $code (exit status $status); each worker's last line in the last chunk:"
echo "$last"
echo "$target: corpus Fuzz/corpus/$target: $(find "$kept" -type f | wc -l) files, $(du -sb "$kept" | cut -f1) bytes; $(grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/merge.log" 2>/dev/null | sed 's/MERGE-OUTER: //')"
echo "$target: crashes, timeouts and out-of-memory inputs: $crashes$( [ "$crashes" -gt 0 ] && echo " in $work/artifacts/")"
exit $status
