import Foundation

/// The user's `--templates` folder: `*.mustache` files and `style.css`.
enum TemplateFolder {
    static func read(_ folder: URL?) throws -> [String: (path: String, text: String)] {
        guard let folder else { return [:] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw BuildError.usage(
                "--templates \(folder.relativePath) is not a folder; name the folder that holds your *.mustache files")
        }
        var files: [String: (path: String, text: String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".mustache") || name == "style.css" {
            let url = folder.appendingPathComponent(name)
            let path = GameFileSelection.displayPath(name, in: folder)
            do {
                files[name] = (path, try String(contentsOf: url, encoding: .utf8))
            } catch {
                throw BuildError.io(
                    "cannot read the template \(path): \(fileErrorText(error))"
                        + (readRemedy(error).map { "; " + $0 } ?? ""))
            }
        }
        return files
    }
}
