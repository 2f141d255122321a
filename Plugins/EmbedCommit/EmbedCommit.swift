import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift`, which names the commit the program is built from, for `--version`.
///
/// A prebuild command runs on every build, so a new commit is picked up without touching any
/// input; the file is rewritten only when its text changes, so an unchanged commit recompiles
/// nothing. The commit comes from git when the package is a git checkout (its own `.git`, never
/// a folder above it), else from `.commit`, which `git archive` fills in (`export-subst` in
/// `.gitattributes`), else it is `unknown`: a build from a tarball never fails for want of git.
@main
struct EmbedCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit")
        return [
            .prebuildCommand(
                displayName: "Naming the commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", Self.script, "embed-commit", output.appending(path: "BuildCommit.swift").path(),
                    context.package.directoryURL.path(),
                ],
                outputFilesDirectory: output
            )
        ]
    }

    /// `$1` is the file to write, `$2` the package's folder. Only hex digits reach the Swift
    /// source, whatever `.commit` holds.
    static let script = #"""
        out="$1"; package="$2"; commit=
        if [ -e "$package/.git" ] && command -v git >/dev/null 2>&1; then
          commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null)
        fi
        if [ -z "$commit" ] && [ -f "$package/.commit" ]; then
          commit=$(head -c 12 "$package/.commit")
        fi
        case "$commit" in ''|*[!0-9a-f]*) commit=unknown ;; esac
        text="/// The commit this program is built from (Plugins/EmbedCommit).
        let buildCommit = \"$commit\""
        mkdir -p "$(dirname "$out")"
        [ -f "$out" ] && [ "$(cat "$out")" = "$text" ] || printf '%s\n' "$text" > "$out"
        """#
}
