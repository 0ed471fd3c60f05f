import SwitchboardCore
import SwitchboardDB
import SwitchboardInput

extension SyncCommand {
    /// `sync posts --from x|instagram`: for each source, for each coach of the acting user with a handle
    /// there, the account's new posts, page by page, into a spool (no database lock but the ingest lock,
    /// which keeps a second sync out); then the spool into the feed in one transaction, as any sync.
    ///
    /// How a source stops: a rate limit (spec 001's "Rate limit exceeded (…)", with when to retry) or a
    /// refused token ends that source (its other accounts are not asked); a server error after the retries,
    /// a time-out or a malformed page ends that account ("Sync failed (Twitter/Instagram API error): …") and
    /// the source goes on; an account the platform does not have is a warning. Whatever was fetched before
    /// is stored, its counts printed, and then each failure is said on stderr, exit 1.
    func syncFromSources() throws {
        if file != nil || ingest.command != nil || !ingest.maps.isEmpty || ingest.inputFormat != .auto {
            throw SwitchboardError.usage("--from reads the platforms' APIs: give no FILE, --command, --map or --input-format with it")
        }
        let sources = try self.sources.from.map { try $0.source() }
        let database = try self.database.open()
        let user = try database.actingUser(ingest.user.id)
        if self.sources.dryRun { return try plan(sources, database: database, user: user) }
        let clients = try sources.map { source in try client(for: source) }
        try database.ingest.lockForIngest()
        let spool = try PostSpool()
        var failures: [String] = [], notes: [String] = []
        for (source, client) in zip(sources, clients) {
            let found = try source.accounts(in: database, user: user, full: self.sources.full)
            for coach in found.invalid {
                Terminal.warn("\(source.name): coach \(coach.name): \(source.handleColumn) '\(coach.handle ?? "")' is not a username there; skipped")
            }
            if found.accounts.isEmpty {
                Terminal.note("No coach of yours has a \(source.handleColumn): nothing to fetch from the \(source.apiName).")
            }
            accounts: for account in found.accounts {
                var pages = 0
                do {
                    try source.fetch(account, client: client) { records in
                        try spool.write(records)
                        pages += 1
                    }
                } catch let failure as SourceFailure {
                    if pages > 0 {
                        notes.append(
                            "\(source.name) @\(account.handle): stopped after \(pages.counted("page")); its older posts come with "
                                + "`switchboard sync posts --from \(source.name) --full`")
                    }
                    switch failure {
                    case .rateLimited(let reason):
                        failures.append(SyncCommand.rateLimitLine(reason))
                        break accounts
                    case .unauthorized(let line):
                        failures.append("Sync failed: \(line)")
                        break accounts
                    case .failed(let detail): failures.append("Sync failed (Twitter/Instagram API error): \(detail)")
                    case .missing(let detail): Terminal.warn("\(detail); skipped")
                    }
                }
            }
        }
        guard spool.count > 0 || failures.isEmpty else {
            if json { Terminal.write(SyncCommand.failureJSON(failures[0])) }
            throw WordedFailure(line: (failures + notes).joined(separator: "\n"))
        }
        let rejects = try ingest.rejectFile(database: self.database.path)
        let input = try SpoolInput(spool, options: ingest, rejectFile: rejects)
        let counts = try input.reading { try database.ingest.syncPosts(from: input, options: try syncOptions(database)) }
        try rejects?.commit()
        // Every record refused, none new or already present: a failure as in any sync (SyncCommand.run).
        let refusedAll = counts.rejected > 0 && counts.new == 0 && counts.duplicates == 0
        if refusedAll { failures.append("Sync failed: \(IngestInput.refusedAll(counts.rejected))") }
        if !refusedAll || json { Terminal.write(report(counts, failure: failures.first)) }
        input.summarizeRefusals()
        if !failures.isEmpty { throw WordedFailure(line: (failures + notes).joined(separator: "\n")) }
    }

    /// The client of `source`: its token (set, one line) and base URL from the environment.
    private func client(for source: PostSource) throws -> APIClient {
        guard let token = Terminal.environment(source.tokenVariable) else {
            throw WordedFailure(line: "Sync failed: \(source.tokenVariable) is not set: the \(source.apiName) token (docs/sources.md)")
        }
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw WordedFailure(line: "Sync failed: \(source.tokenVariable) holds a space or a control character; a token has none")
        }
        var base = Terminal.environment(source.urlVariable) ?? source.defaultURL
        guard base.hasPrefix("https://") || base.hasPrefix("http://"), !base.contains(where: { $0 == "\"" || $0 == "\\" || $0.isWhitespace }) else {
            throw WordedFailure(line: "Sync failed: \(source.urlVariable) must be an http:// or https:// URL")
        }
        while base.hasSuffix("/") { base.removeLast() }
        return APIClient(
            name: source.apiName, baseURL: base, token: token, variable: source.tokenVariable,
            curl: try Curl(timeout: sources.requestTimeout), maxAttempts: sources.maxAttempts, backoff: sources.backoff)
    }

    /// `--dry-run`: each source's accounts and what would be asked of its API; nothing fetched, nothing stored.
    private func plan(_ sources: [PostSource], database: Workspace, user: String) throws {
        var lines = ["Dry run: nothing is fetched or stored."]
        for source in sources {
            let found = try source.accounts(in: database, user: user, full: self.sources.full)
            let token = Terminal.environment(source.tokenVariable) == nil ? "not set" : "set"
            lines.append(
                "\(source.name): the \(source.apiName) at \(Terminal.environment(source.urlVariable) ?? source.defaultURL), \(source.tokenVariable) \(token)"
            )
            for account in found.accounts {
                lines.append("  @\(account.handle) for \(account.coachName) (coach \(account.coachID)): \(source.plan(account))")
            }
            if found.accounts.isEmpty { lines.append("  no coach has a \(source.handleColumn)") }
            if !found.without.isEmpty { lines.append("  no \(source.handleColumn): " + found.without.map(\.name).joined(separator: ", ")) }
            for coach in found.invalid { lines.append("  not a username, skipped: \(coach.name) ('\(coach.handle ?? "")')") }
        }
        lines.append("New posts would go into the feed of user \(user), each under its coach's coach_id and school_id.")
        Terminal.write(lines.joined(separator: "\n") + "\n")
    }
}
