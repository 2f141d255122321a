import Foundation
import PackagePlugin

/// Compiles every file of the package's top-level `templates/` folder into the target,
/// so the built-in templates and stylesheet travel inside the `gamenight` binary.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path())
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                // The embedder lists the folder itself, and the folder is an input too, so a
                // template added after the last build is picked up. SwiftPM re-plans plugins only
                // when the manifest changes: after deleting a template, `touch Package.swift`.
                arguments: [output.path(), folder.path()],
                inputFiles: [folder] + inputs,
                outputFiles: [output]
            )
        ]
    }
}
