import CSQLite
import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Every canned query in queries/ (and its embedded copy) is well formed: a valid `<area>-<action>`
/// name matching its file, declared parameters exactly those the SQL uses, reads that only read,
/// writes marked `!` (`<!` with RETURNING), one statement unless `#`, and an aiosql signature on every name line.
@Suite struct QueryFileTests {
    static let areas: Set<String> = ["social", "notifications", "templates", "tg", "posts", "profile", "schools", "coaches"]

    static func allFiles() throws -> [(origin: String, stem: String, text: String)] {
        let disk = try QueryEmbeddingTests.files("queries").map { ("queries/\($0.name)", String($0.name.dropLast(4)), $0.sql) }
        let embedded = EmbeddedSQL.queries.map { ("embedded \($0.name)", String($0.name.dropLast(4)), $0.sql) }
        return disk + embedded
    }

    @Test func everyFileParsesWithAGoodName() throws {
        let files = try Self.allFiles()
        #expect(files.count >= 20)
        for file in files {
            let query = try CannedQuery(text: file.text, origin: file.origin)
            #expect(query.name == file.stem, "\(file.origin): header name \(query.name)")
            #expect(CannedQuery.isValidName(query.name), "\(file.origin)")
            #expect(
                Self.areas.contains(query.area) && query.name.count > query.area.count + 1,
                "\(file.origin): name must be <area>-<action> with area in \(Self.areas.sorted())")
            #expect(!query.summary.isEmpty, "\(file.origin): no one-line description")
            #expect(query.signature != nil, "\(file.origin): no signature '(PARAM, ...)' on the name line, which aiosql needs")
        }
    }

    @Test func declaredParametersAreExactlyTheUsedOnes() throws {
        for file in try Self.allFiles() {
            let query = try CannedQuery(text: file.text, origin: file.origin)
            let references = SQLParameterScanner.references(in: query.sql)
            let others = references.filter { if case .other = $0 { return true } else { return false } }
            #expect(others.isEmpty, "\(file.origin): only :name parameters are allowed, found \(others)")
            let used = Set(SQLParameterScanner.names(in: query.sql))
            let declared = Set(query.parameters.map(\.name))
            #expect(used.subtracting(declared).isEmpty, "\(file.origin): undeclared \(used.subtracting(declared).sorted())")
            #expect(declared.subtracting(used).isEmpty, "\(file.origin): declared but unused \(declared.subtracting(used).sorted())")
        }
    }

    @Test func kindMatchesWhatTheSQLDoes() throws {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try migrate(queue)
        try queue.inDatabase { db in
            for file in try Self.allFiles() {
                let query = try CannedQuery(text: file.text, origin: file.origin)
                if query.kind == .script {
                    #expect(try preparedStatements(db, query.sql) > 0, "\(file.origin): an empty script")
                    continue
                }
                let statement: Statement
                do { statement = try db.makeStatement(sql: query.sql) } catch {
                    Issue.record("\(file.origin): \(error)")
                    continue
                }
                let readOnly = sqlite3_stmt_readonly(statement.sqliteStatement) != 0
                #expect(
                    readOnly == (query.kind == .read),
                    "\(file.origin): marked \(query.kind) but the SQL \(readOnly ? "only reads" : "writes")")
                if query.kind == .write {
                    #expect(
                        query.returnsRows == (statement.columnCount > 0),
                        "\(file.origin): a write with RETURNING is marked '<!', one without '!'")
                }
            }
        }
    }

    /// The declared column types (`-- returns ...`) that name no result column of the query's
    /// statement, as prepared on `db`; a script may declare none.
    static func strayColumnTypes(_ query: CannedQuery, _ db: Database) throws -> [String] {
        guard query.kind != .script else { return query.columnTypes.keys.sorted() }
        let columns = Set(try db.makeStatement(sql: query.sql).columnNames)
        return query.columnTypes.keys.filter { !columns.contains($0) }.sorted()
    }

    /// Every query that gives rows names its table's display columns (`-- display:`), each a result column,
    /// so a table shows the page's card and not the first columns of the select list.
    @Test func displayColumnsAreResultColumns() throws {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try migrate(queue)
        try queue.inDatabase { db in
            for file in try Self.allFiles() {
                let query = try CannedQuery(text: file.text, origin: file.origin)
                let columns = query.kind == .script ? [] : try db.makeStatement(sql: query.sql).columnNames
                #expect(columns.isEmpty == query.displayColumns.isEmpty, "\(file.origin): gives rows but has no display: line, or none and has one")
                let stray = query.displayColumns.filter { !columns.contains($0) }
                #expect(stray.isEmpty, "\(file.origin): display columns it does not return: \(stray)")
            }
        }
    }

    /// A renamed column cannot silently lose its declared type: every declared column is a result column.
    @Test func declaredColumnTypesAreResultColumns() throws {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try migrate(queue)
        try queue.inDatabase { db in
            let files = try Self.allFiles()
            #expect(files.count >= 20)
            for file in files {
                let query = try CannedQuery(text: file.text, origin: file.origin)
                #expect(try Self.strayColumnTypes(query, db) == [], "\(file.origin): declared types for columns it does not return")
            }
            let renamed = try CannedQuery(
                text:
                    "-- name: social-x\n-- X.\n-- returns boolean: flagged_for_review, flagged\nSELECT flagged_for_review AS flag FROM social_media_posts;",
                origin: "t")
            #expect(try Self.strayColumnTypes(renamed, db) == ["flagged", "flagged_for_review"])
        }
    }
}
