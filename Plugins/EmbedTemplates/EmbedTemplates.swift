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
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
