// Writes EmbeddedSQL.swift: every .sql file of the given folders as a raw string literal.
// Each folder becomes a static array named after its last path component (schema, queries, demo).
// A folder given as tree:FOLDER (reports) embeds the .sql and .mustache files of its subfolders,
// named SUBFOLDER/FILE. One given as migrations:FOLDER (schema) embeds only its migrations, NNNN_*.sql
// (Migration.version(ofFile:) has the same rule), so schema/current.sql, the generated snapshot, stays out.
// Usage: EmbedSQLTool OUTPUT.swift [tree:|migrations:]FOLDER...   (run by EmbedSQLPlugin at build time)
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedSQLTool OUTPUT.swift FOLDER...\n".utf8))
    exit(2)
}

/// A raw multi-line literal whose delimiter has more `#` than any run in `text`.
func literal(_ text: String) -> String {
    var longest = 0, run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longest = max(longest, run)
    }
    let hashes = String(repeating: "#", count: longest + 1)
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var source = """
    // Generated at build time by EmbedSQLTool from the package's SQL folders. Do not edit.

    /// The package's SQL files, carried inside the binary.
    public enum EmbeddedSQL {

    """
/// The files a folder contributes: its .sql files (only NNNN_*.sql ones for `migrations`), or for a tree
/// its subfolders' .sql and .mustache files.
func fileNames(in folder: URL, tree: Bool, migrations: Bool) -> [String] {
    let manager = FileManager.default
    guard tree else {
        let pattern = migrations ? #"^[0-9]{4}_.*\.sql$"# : #"\.sql$"#
        return ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.range(of: pattern, options: .regularExpression) != nil }.sorted()
    }
    var names: [String] = []
    for sub in ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
        let files = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? []
        names += files.filter { $0.hasSuffix(".sql") || $0.hasSuffix(".mustache") }.sorted().map { "\(sub)/\($0)" }
    }
    return names
}

for argument in arguments.dropFirst(2) {
    let tree = argument.hasPrefix("tree:"), migrations = argument.hasPrefix("migrations:")
    let path = argument.drop { $0 != ":" }.dropFirst()
    let folder = URL(fileURLWithPath: tree || migrations ? String(path) : argument)
    let names = fileNames(in: folder, tree: tree, migrations: migrations)
    source += "    /// The files of `\(folder.lastPathComponent)/`, by file name, sorted.\n"
    source += "    public static let \(folder.lastPathComponent): [(name: String, sql: String)] = [\n"
    for name in names {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        source += "        (\"\(name)\", \(literal(text))),\n"
    }
    source += "    ]\n"
}
source += "}\n"
try source.write(toFile: arguments[1], atomically: true, encoding: .utf8)
