import CSQLite
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Static checks of every built-in canned query and report query: a query that touches a per-user
/// table (one with a `user_id` column) declares `:user_id`, and no query builds SQL from text.
///
/// What a statement touches is read from SQLite itself: each one is prepared on a migrated database
/// under an authorizer that records the tables read or written (views and triggers expanded to their
/// tables) and the functions called.
@Suite struct QueryIsolationTests {
    /// Queries that touch per-user tables without `:user_id`, and why that is right.
    static let sharedOnPurpose: [String: String] = [
        "profile-create": "creates the user: there is no acting user yet",
        "schools-create": "schools are shared reference data; coaches and interactions are touched only by foreign-key actions",
        "schools-delete": "schools are shared reference data; deleting one sets school_id NULL in coaches and interactions (ON DELETE SET NULL)",
        "posts-create": "posts are the shared board of the Post model: posts.user_id is the author, not an owner",
        "posts-show": "posts are the shared board of the Post model: posts.user_id is the author, not an owner",
        "posts-update": "posts are the shared board of the Post model: posts.user_id is the author, not an owner",
        "posts-with-placeholders": "posts are the shared board of the Post model: posts.user_id is the author, not an owner",
    ]

    /// What preparing one statement touched.
    final class Touched {
        var tables: Set<String> = []
        var functions: Set<String> = []
        var otherActions: Set<Int32> = []
    }

    /// Every built-in canned query and report query, by a name that says where it is from.
    static func allQueries() throws -> [(name: String, query: CannedQuery)] {
        let catalog = try QueryCatalog()
        var all = try catalog.names.compactMap { name in try catalog.query(named: name).map { (name, $0) } }
        let reports = try ReportCatalog()
        for name in reports.names {
            guard let report = try reports.report(named: name) else { continue }
            all += (report.queries + report.actions).map { ("report \(name)/\($0.name)", $0) }
        }
        return all
    }

    /// Prepares every statement of `sql` on `db` and records what they touch.
    static func touched(_ db: Database, _ sql: String) throws -> Touched {
        let touched = Touched()
        let context = Unmanaged.passUnretained(touched).toOpaque()
        sqlite3_set_authorizer(
            db.sqliteConnection,
            { context, action, first, second, _, _ in
                let touched = Unmanaged<Touched>.fromOpaque(context!).takeUnretainedValue()
                switch action {
                case SQLITE_READ, SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                    if let first { touched.tables.insert(String(cString: first)) }
                case SQLITE_FUNCTION:
                    if let second { touched.functions.insert(String(cString: second).lowercased()) }
                case SQLITE_SELECT, SQLITE_RECURSIVE, SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
                    break
                default:
                    touched.otherActions.insert(action)
                }
                return SQLITE_OK
            }, context)
        defer { sqlite3_set_authorizer(db.sqliteConnection, nil, nil) }
        _ = try preparedStatements(db, sql)
        return withExtendedLifetime(touched) { touched }
    }

    /// A migrated in-memory database with the functions registered.
    static func migrated() throws -> DatabaseQueue {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try migrate(queue)
        return queue
    }

    @Test func everyQueryOverPerUserTablesDeclaresTheUser() throws {
        let queue = try Self.migrated()
        try queue.inDatabase { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            let perUser = try Set(
                tables.filter { table in
                    try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                        .contains { try $0["name"] == ParameterBinding.userParameter }
                })
            #expect(perUser.isSuperset(of: ["coaches", "notifications", "social_media_posts", "communication_templates"]))
            var checked = 0
            for (name, query) in try Self.allQueries() {
                let touched = try Self.touched(db, query.sql).tables.intersection(perUser)
                guard !touched.isEmpty else { continue }
                checked += 1
                if query.parameter(named: ParameterBinding.userParameter) == nil {
                    #expect(
                        Self.sharedOnPurpose[name] != nil,
                        "\(name) touches per-user tables \(touched.sorted()) but does not declare :user_id")
                }
            }
            #expect(checked > 30)
        }
    }

    @Test func noQuerySplicesTextIntoSQL() throws {
        // Functions that run SQL text or reach outside the database: a query calling one could turn
        // bound text into SQL. None is registered today; the check keeps it that way for queries.
        let executing: Set<String> = ["eval", "load_extension", "readfile", "writefile", "edit", "fts5", "sqlite_dbpage"]
        let queue = try Self.migrated()
        try queue.inDatabase { db in
            for (name, query) in try Self.allQueries() {
                let touched = try Self.touched(db, query.sql)
                #expect(touched.functions.isDisjoint(with: executing), "\(name) calls \(touched.functions.intersection(executing))")
                #expect(
                    !touched.otherActions.contains(SQLITE_ATTACH) && !touched.otherActions.contains(SQLITE_DETACH),
                    "\(name) attaches a file")
                // Values reach the SQL only as :name parameters the docstring declares: no positional
                // ?, no $x or @x, and no template markers outside string literals and comments.
                for reference in SQLParameterScanner.references(in: query.sql) {
                    if case .other(let other) = reference { Issue.record("\(name) uses the parameter \(other)") }
                }
                let declared = Set(query.parameters.map(\.name))
                #expect(Set(SQLParameterScanner.names(in: query.sql)).isSubset(of: declared), "\(name) uses an undeclared parameter")
                let code = Self.codeOnly(query.sql)
                for marker in ["{{", "}}", "%s", "${", "%(", "#{"] {
                    #expect(!code.contains(marker), "\(name) holds the template marker \(marker) in its SQL")
                }
            }
        }
    }

    /// `sql` without its string literals, quoted names and comments.
    static func codeOnly(_ sql: String) -> String {
        var result = "", characters = Array(sql), index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" || character == "\"" {
                index += 1
                while index < characters.count {
                    if characters[index] == character {
                        if index + 1 < characters.count && characters[index + 1] == character {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                result += " "
            } else if character == "-" && index + 1 < characters.count && characters[index + 1] == "-" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && index + 1 < characters.count && characters[index + 1] == "*" {
                index += 2
                while index + 1 < characters.count && !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 1
            } else {
                result.append(character)
            }
            index += 1
        }
        return result
    }
}
