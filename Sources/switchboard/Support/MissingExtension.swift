/// What `switchboard shell` says when it finds no libswitchboard.so, as fits how this program was
/// installed: a build in a clone builds the extension beside itself; an installed copy (the release
/// tarball's `bin/switchboard`, or one copied elsewhere) finds it in `../lib`, where the tarball has it.
///
/// ```swift
/// MissingExtension.message(folder: "/opt/sb/bin", lib: "/opt/sb/lib")
/// // "libswitchboard.so not found (looked in /opt/sb/bin and /opt/sb/lib); the release tarball has it in
/// //  lib/: copy it to /opt/sb/lib/, or set SWITCHBOARD_EXTENSION to its path"
/// ```
enum MissingExtension {
    /// The one-line error for an executable in `folder`, whose `../lib` is `lib`.
    static func message(folder: String, lib: String) -> String {
        let notFound = "libswitchboard.so not found (looked in \(folder) and \(lib)); "
        guard Invocation.isSourceBuild(folder: folder) else {
            return notFound + "the release tarball has it in lib/: copy it to \(lib)/, or set SWITCHBOARD_EXTENSION to its path"
        }
        let configuration = folder.hasSuffix("/release") ? " -c release" : ""
        return notFound + "build it beside this switchboard with swift build\(configuration) --product switchboard, "
            + "or set SWITCHBOARD_EXTENSION to its path"
    }
}
