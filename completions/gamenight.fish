function __gamenight_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __gamenight_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __gamenight_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __gamenight_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __gamenight_parse_tokens -S
    set -l unparsed_tokens (__gamenight_tokens -pc)
    switch $unparsed_tokens[1]
    case 'gamenight'
        __gamenight_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'init'
            __gamenight_parse_subcommand 1 'version' 'h/help'
        case 'new'
            __gamenight_parse_subcommand 2 'players=' 'date=' 'source=' 'version' 'h/help'
        case 'build'
            __gamenight_parse_subcommand 1 'o/out=' 'templates=' 'unsafe-html' 'smart-punctuation' 'no-smart-punctuation' 'force' 'drafts' 'cards' 'no-cards' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'solve-seconds=' 'base-url=' 'no-cache' 'q/quiet' 'timings' 'version' 'h/help'
        case 'serve'
            __gamenight_parse_subcommand -r 1 'version' 'h/help'
        case 'score'
            __gamenight_parse_subcommand -r 1 'json' 'solve-seconds=' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'version' 'h/help'
        case 'stats'
            __gamenight_parse_subcommand 1 'json' 'solve-seconds=' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'version' 'h/help'
        case 'solve'
            __gamenight_parse_subcommand 1 'json' 'seconds=' 'warm-cache' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'version' 'h/help'
        case 'import'
            __gamenight_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'bgg'
                __gamenight_parse_subcommand -r 1 'into=' 'dry-run' 'force' 'version' 'h/help'
            case 'bgstats'
                __gamenight_parse_subcommand -r 1 'into=' 'dry-run' 'force' 'version' 'h/help'
            end
        case 'export'
            __gamenight_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'bgg'
                __gamenight_parse_subcommand 1 'out=' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'version' 'h/help'
            case 'bgstats'
                __gamenight_parse_subcommand 1 'out=' 'max-file-size=' 'max-players=' 'max-moves=' 'max-board-size=' 'max-rounds=' 'version' 'h/help'
            end
        case 'help'
            __gamenight_parse_subcommand -r 1 'version'
        end
    end
end

function __gamenight_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __gamenight_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __gamenight_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __gamenight_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__gamenight_tokens -p)
    if test -z "$(__gamenight_tokens -t)"
        set -l index (count (__gamenight_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'gamenight' -f
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'init' -d 'Create a new site folder: gamenight.yaml, an example game of each kind and a .gitignore.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'new' -d 'Write a new game file, ready to fill in, under a folder for its date.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'build' -d 'Build the static site from a folder of game files.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'serve' -d 'Serve the site while you edit (runs gamenight-serve; `gamenight serve --help` lists its options).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'score' -d 'Print each game\'s computed result.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'stats' -d 'Print the group\'s statistics: ratings, board games, head-to-head records, streaks.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'solve' -d 'Print an optimal (shortest) solution of a sliding puzzle.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'import' -d 'Import play logs (BoardGameGeek, BG Stats) as game files.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'export' -d 'Export the plays of a folder of game files as a BoardGameGeek or BG Stats play log.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight init" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight new" players' -l 'players' -d 'The players, separated by commas.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight new" date' -l 'date' -d 'When it is played: YYYY-MM-DD or YYYY-MM-DDTHH:MM (default today).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight new" source' -l 'source' -d 'The folder holding the game files.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight new" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight new" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" o out' -l 'out' -s 'o' -d 'The folder to write the site to.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" templates' -l 'templates' -d 'A folder of Mustache templates (and style.css) replacing the built-in ones.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" unsafe-html' -l 'unsafe-html' -d 'Let raw HTML and javascript: links in notes through. Only for notes you trust.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" smart-punctuation' -l 'smart-punctuation' -d 'Curly quotes, dashes and ellipses for straight quotes, -- and ... in notes.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" no-smart-punctuation' -l 'no-smart-punctuation' -d 'Curly quotes, dashes and ellipses for straight quotes, -- and ... in notes.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" force' -l 'force' -d 'Replace --out even if it is a non-empty folder that gamenight did not write.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" drafts' -l 'drafts' -d 'Include games marked `draft: true`.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" cards' -l 'cards' -d 'Link-preview cards (og:image, 1200 by 630 PNG) for scorecards, nights, players and years; made only with --base-url.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" no-cards' -l 'no-cards' -d 'Link-preview cards (og:image, 1200 by 630 PNG) for scorecards, nights, players and years; made only with --base-url.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" solve-seconds' -l 'solve-seconds' -d 'Time limit for finding each puzzle board\'s optimal length, in seconds.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" base-url' -l 'base-url' -d 'Where the site will be published, e.g. https://example.org/games/. Enables feed.xml, sitemap.xml and canonical links; overrides baseURL in gamenight.yaml.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" no-cache' -l 'no-cache' -d 'Build every page, ignoring the build cache (a new one is still written).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" q quiet' -l 'quiet' -s 'q' -d 'No progress bar and no summary line; errors are still reported.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" timings' -l 'timings' -d 'After the build, print where its time went: each phase, and the link check\'s share of the CPU time.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight build" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight serve" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" json' -l 'json' -d 'Print one JSON document: an array of games (see docs/COMMANDS.md).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" solve-seconds' -l 'solve-seconds' -d 'Time limit for finding each puzzle board\'s optimal length, in seconds.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight score" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" json' -l 'json' -d 'Print one JSON document with sorted keys (see docs/STATISTICS.md).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" solve-seconds' -l 'solve-seconds' -d 'Time limit for finding each puzzle board\'s optimal length, in seconds.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" json' -l 'json' -d 'Print one JSON object: size, start, optimal, moves, directions, nodes, seconds, reason.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" seconds' -l 'seconds' -d 'Give up after this many seconds (default 60 up to 4x4; 5x5 and up need it).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" warm-cache' -l 'warm-cache' -d 'Build the 4x4 pattern databases into the cache (if missing) and exit.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight solve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight import" -eq 1' -fa 'bgg' -d 'Import BoardGameGeek play logs: the XML of xmlapi2/plays, one file per page.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight import" -eq 1' -fa 'bgstats' -d 'Import a BG Stats export (BGStatsExport.json).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgg" into' -l 'into' -d 'The folder to write the game files to (made if missing).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgg" dry-run' -l 'dry-run' -d 'List what would be written, write nothing.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgg" force' -l 'force' -d 'Replace files edited since they were imported (by default they are left alone).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgg" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgg" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgstats" into' -l 'into' -d 'The folder to write the game files to (made if missing).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgstats" dry-run' -l 'dry-run' -d 'List what would be written, write nothing.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgstats" force' -l 'force' -d 'Replace files edited since they were imported (by default they are left alone).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgstats" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight import bgstats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight export" -eq 1' -fa 'bgg' -d 'Export as one page of BoardGameGeek\'s XML API 2 plays (what import bgg reads).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_positional "gamenight export" -eq 1' -fa 'bgstats' -d 'Export as a BG Stats export, BGStatsExport.json (what import bgstats reads).'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" out' -l 'out' -d 'The file to write (replaced at once, never left half written); standard output without it.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgg" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" out' -l 'out' -d 'The file to write (replaced at once, never left half written); standard output without it.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" max-file-size' -l 'max-file-size' -d 'The largest game file accepted, in bytes.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" max-players' -l 'max-players' -d 'The most players (bowlers, racers) one game may list.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" max-moves' -l 'max-moves' -d 'The most moves one puzzle racer may make.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" max-board-size' -l 'max-board-size' -d 'The widest puzzle board accepted (3 to 8).' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" max-rounds' -l 'max-rounds' -d 'The most rounds one score-keeper game may have.' -rfka ''
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" version' -l 'version' -d 'Show the version.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight export bgstats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gamenight' -n '__gamenight_should_offer_completions_for_flags_or_options "gamenight help" version' -l 'version' -d 'Show the version.'
