import Foundation
import SwitchboardSQLite

@testable import SwitchboardDB

/// The parameter values the runtime isolation test runs a query with, derived from the query's
/// declarations and the fixture's rows, so a new query is covered without changing the test:
///
/// - `:id` and `:X_id`: the id of one of A's rows and of one of B's rows in each table the query touches
///   whose name holds X (`coach_id` → coaches; shared tables such as schools give two rows) or, for `id`,
///   the query's area (templates-show → communication_templates; else every per-user table it touches).
///   Acting as A with B's id must neither show nor change B's row. The id of a row the query creates
///   (`default: a new UUID`): a fresh id, and B's id, which must fail.
/// - `one of a|b`: every allowed value; boolean: true and false; integer or real: the range's bounds
///   and the default (0, 1 and 100 without a range).
/// - text named `*_at`, `*_for`, `*_date` or described as ISO-8601: a time (now, and ten days before);
///   text described as a JSON array: `["coach_name"]`.
/// - other text: for reads, words found in both users' rows, A's marker and B's marker (a search for B's
///   marker as A must find nothing); for writes, one text (a valid template body, free of B's marker).
///
/// Values no rule gives are listed in ``overrides`` with the reason; an id parameter for which no table
/// matches has no values, which ``bindings(for:touched:ids:)`` reports rather than skipping the query.
enum UserIsolationParameters {
    /// Values generic derivation cannot give, by `query/parameter`, with why. Empty today: every declared
    /// parameter of the built-in queries is derived.
    static let overrides: [String: (values: [String], reason: String)] = [:]

    /// The times a time parameter takes: the pinned now and ten days before.
    static let times = [UserIsolationFixture.now, "2026-01-31T12:00:00Z"]

    /// Text values for a read query: words both users' rows hold, A's marker, B's marker.
    static let readTexts = ["soccer camp", "coach", "ZZA", UserIsolationFixture.markerB, "zzb"]

    /// The text value for a write query: a valid template body, without B's marker.
    static let writeTexts = ["ZZA changed {{coach_name}}"]

    /// One of A's ids and one of B's ids per per-user table (fixture rows first, by rowid), two ids per shared table.
    struct IDs {
        /// Ids by table.
        let byTable: [String: [String]]
        /// The tables with a `user_id` column.
        let perUser: Set<String>

        /// The ids of every table with an `id` column and rows, from `db`.
        init(_ db: Database) throws {
            var byTable: [String: [String]] = [:]
            let perUser = Set(try UserIsolationFixture.perUserTables(db))
            for table in try UserIsolationFixture.ordinaryTables(db) {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM pragma_table_info(?) WHERE name = 'id'", arguments: [table]) ?? false
                else { continue }
                let quoted = UserIsolationFixture.quoted(table)
                if perUser.contains(table) {
                    byTable[table] = try [UserIsolationFixture.userA, UserIsolationFixture.userB].compactMap { user in
                        try String.fetchOne(
                            db,
                            sql: """
                                SELECT CAST(id AS TEXT) FROM \(quoted) WHERE CAST(user_id AS TEXT) = ?1
                                ORDER BY instr(CAST(id AS TEXT), substr(?1, 1, 3)) = 0, rowid LIMIT 1
                                """, arguments: [user])
                    }
                } else {
                    byTable[table] = try String.fetchAll(db, sql: "SELECT CAST(id AS TEXT) FROM \(quoted) ORDER BY rowid LIMIT 2")
                }
            }
            self.byTable = byTable
            self.perUser = perUser
        }
    }

    /// Why a query cannot be run: a parameter without values.
    struct Unfilled: Error, CustomStringConvertible {
        let query: String
        let parameter: String
        var description: String { "no values for :\(parameter) of \(query): add a rule or an override in UserIsolationParameters" }
    }

    /// Every set of `name=value` pairs to run `query` with (`:user_id` left to `--user`): each
    /// combination of the required id parameters' values, each with the other parameters at their
    /// first value (required) or unset (optional, default), then with one parameter changed to each
    /// of its values. `touched` are the tables the query reads or writes.
    static func bindings(for query: CannedQuery, touched: Set<String>, ids: IDs) throws -> [[String]] {
        var required: [(name: String, values: [String])] = []
        var varied: [(name: String, values: [String])] = []
        var base: [String] = []
        for parameter in query.parameters where parameter.name != ParameterBinding.userParameter {
            let values = values(for: parameter, in: query, touched: touched, ids: ids)
            guard let first = values.first else { throw Unfilled(query: query.name, parameter: parameter.name) }
            if parameter.requirement == .required && isID(parameter) {
                required.append((parameter.name, values))
            } else {
                if parameter.requirement == .required { base.append("\(parameter.name)=\(first)") }
                varied.append((parameter.name, values))
            }
        }
        let combinations = required.reduce([[String]()]) { partial, parameter in
            partial.flatMap { pairs in parameter.values.map { pairs + ["\(parameter.name)=\($0)"] } }
        }
        var all: [[String]] = []
        for combination in combinations {
            all.append(combination + base)
            for parameter in varied {
                let others = base.filter { !$0.hasPrefix(parameter.name + "=") }
                for value in parameter.values { all.append(combination + others + ["\(parameter.name)=\(value)"]) }
            }
        }
        var seen: Set<[String]> = []
        return all.filter { seen.insert($0.sorted()).inserted }
    }

    /// Whether `parameter` names a row: `id` or `X_id`.
    static func isID(_ parameter: QueryParameter) -> Bool { parameter.name == "id" || parameter.name.hasSuffix("_id") }

    /// Whether `parameter` is the id of the row a query creates (`default: a new UUID`).
    static func isNewID(_ parameter: QueryParameter) -> Bool { isID(parameter) && parameter.description.contains("default: a new") }

    /// Whether `pairs` give a new row B's id: such a run must fail (the id is taken) and change nothing.
    static func reusesIDOfB(_ pairs: [String], of query: CannedQuery) -> Bool {
        query.parameters.filter(isNewID).contains { parameter in
            pairs.contains { $0.hasPrefix(parameter.name + "=") && $0.contains(UserIsolationFixture.markerB) }
        }
    }

    /// The values of one parameter (``UserIsolationParameters``'s rules); empty when none applies.
    static func values(for parameter: QueryParameter, in query: CannedQuery, touched: Set<String>, ids: IDs) -> [String] {
        if let override = overrides["\(query.name)/\(parameter.name)"] { return override.values }
        if !parameter.allowedValues.isEmpty { return parameter.allowedValues }
        if isNewID(parameter) {
            // A new row's id: a fresh one, and B's id of a row of the table the query is named after (it
            // must fail, not take B's row over).
            let table = touched.filter { ids.perUser.contains($0) && $0.hasPrefix(query.area) }
            return ["ZZA-new-id"] + table.sorted().compactMap { ids.byTable[$0]?.last }
        }
        if isID(parameter) { return idValues(for: parameter.name, area: query.area, touched: touched, ids: ids) }
        switch parameter.type {
        case .boolean: return ["true", "false"]
        case .integer, .real: return numbers(for: parameter)
        case .text:
            let name = parameter.name
            if name.hasSuffix("_at") || name.hasSuffix("_for") || name.hasSuffix("_date") || parameter.description.contains("ISO-8601") {
                return times
            }
            if parameter.description.contains("JSON array") { return ["[\"coach_name\"]"] }
            return query.kind == .read ? readTexts : writeTexts
        }
    }

    /// Ids for `X_id`: of the touched tables whose name holds X (`coach_id`: coaches); for `id`, or when
    /// none does: of the touched per-user tables whose name holds the query's area (templates-show:
    /// communication_templates), else of every touched per-user table but users.
    static func idValues(for name: String, area: String, touched: Set<String>, ids: IDs) -> [String] {
        let stem = name == "id" ? "" : String(name.dropLast("_id".count))
        let withIDs = touched.filter { ids.byTable[$0] != nil && $0 != "users" }.sorted()
        let named = withIDs.filter { !stem.isEmpty && $0.contains(stem) }
        let perUser = withIDs.filter(ids.perUser.contains)
        let ofArea = perUser.filter { $0.contains(area) }
        let tables = !named.isEmpty ? named : !ofArea.isEmpty ? ofArea : perUser
        return tables.flatMap { ids.byTable[$0] ?? [] }
    }

    /// The range's bounds and the default, or 0, 1 and 100 within a one-sided or no range.
    static func numbers(for parameter: QueryParameter) -> [String] {
        func text(_ value: ParameterType.Value?) -> String? {
            switch value {
            case .integer(let number)?: return String(number)
            case .real(let number)?: return String(number)
            default: return nil
            }
        }
        var values = [text(parameter.range?.minimum), text(parameter.range?.maximum)].compactMap { $0 }
        if case .defaultValue(let value) = parameter.requirement { values.append(value) }
        if values.isEmpty || parameter.range?.minimum == nil || parameter.range?.maximum == nil {
            values += ["0", "1", "100"].filter { (try? parameter.value(for: $0)) != nil }
        }
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
