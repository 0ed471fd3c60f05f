import Testing

@testable import SwitchboardDB

/// Docstring parameter declarations, value checking and binding.
@Suite struct QueryParameterTests {
    @Test func parsesEveryClause() throws {
        let platform = try QueryParameter(declaration: ":platform  text, one of twitter|instagram, optional: filter by platform")
        #expect(platform.name == "platform")
        #expect(platform.type == .text)
        #expect(platform.allowedValues == ["twitter", "instagram"])
        #expect(platform.requirement == .optional)
        #expect(platform.description == "filter by platform")

        let limit = try QueryParameter(declaration: ":limit integer, default 50: page size")
        #expect(limit.requirement == .defaultValue("50"))
        let id = try QueryParameter(declaration: ":id text")
        #expect(id.requirement == .required)
        #expect(id.description == "")
        let since = try QueryParameter(declaration: ":since text, default '2026-02-10T12:00:00Z': a time")
        #expect(since.requirement == .defaultValue("2026-02-10T12:00:00Z"))
        #expect(since.description == "a time")
    }

    @Test func refusesMalformedDeclarations() {
        #expect(throws: SwitchboardError.failure("bad parameter declaration ':x number': the type must be one of text|integer|real|boolean")) {
            try QueryParameter(declaration: ":x number")
        }
        #expect(
            throws: SwitchboardError.failure(
                "bad parameter declaration ':x integer, default ten': bad default: parameter :x must be an integer, got 'ten'")
        ) {
            try QueryParameter(declaration: ":x integer, default ten")
        }
        #expect(
            throws: SwitchboardError.failure("bad parameter declaration ':x text, optional, required': more than one of required, optional, default")
        ) {
            try QueryParameter(declaration: ":x text, optional, required")
        }
        #expect(throws: SwitchboardError.failure("bad parameter declaration ':x text, sometimes': unknown clause 'sometimes'")) {
            try QueryParameter(declaration: ":x text, sometimes")
        }
    }

    @Test func rangesBoundNumbers() throws {
        let days = try QueryParameter(declaration: ":days integer, between 0 and 3650, default 14: days without contact")
        #expect(days.range?.description == "between 0 and 3650")
        #expect(days.requirement == .defaultValue("14"))
        #expect(days.description == "days without contact")
        #expect(try days.value(for: "0") == .integer(0))
        #expect(try days.value(for: "3650") == .integer(3650))
        for outside in ["-1", "3651", "9223372036854775807"] {
            #expect(throws: SwitchboardError.usage("parameter :days must be between 0 and 3650, got '\(outside)'")) {
                try days.value(for: outside)
            }
        }
        let position = try QueryParameter(declaration: ":position integer, at least 0")
        #expect(position.requirement == .required)
        #expect(try position.value(for: "9223372036854775807") == .integer(.max))
        #expect(throws: SwitchboardError.usage("parameter :position must be at least 0, got '-1'")) { try position.value(for: "-1") }
        let ratio = try QueryParameter(declaration: ":ratio real, optional, at most 0.5")
        #expect(try ratio.value(for: "0.5") == .real(0.5))
        #expect(throws: SwitchboardError.usage("parameter :ratio must be at most 0.5, got '0.75'")) { try ratio.value(for: "0.75") }
    }

    @Test func refusesMalformedRanges() {
        let cases: [(String, String)] = [
            (":x integer, between 5 and 1", "'between 5 and 1': 5 is above 1"),
            (":x integer, between 1 and ten", "'between 1 and ten': ten is not an integer"),
            (":x text, at least 1", "'at least 1' needs an integer or real parameter, not text"),
            (":x integer, between 1 to 5", "'between 1 to 5' must read 'between LOW and HIGH', 'at least LOW' or 'at most HIGH'"),
            (":x integer, at least 0, at most 9", "more than one range"),
            (":x integer, between 1 and 9, default 10", "bad default: parameter :x must be between 1 and 9, got '10'"),
        ]
        for (declaration, reason) in cases {
            #expect(throws: SwitchboardError.failure("bad parameter declaration '\(declaration)': \(reason)")) {
                try QueryParameter(declaration: declaration)
            }
        }
    }

    @Test func builtInPageSizesAndWindowsDeclareRanges() throws {
        let catalog = try QueryCatalog()
        for name in catalog.names {
            guard let query = try catalog.query(named: name) else { continue }
            for parameter in query.parameters where ["limit", "days"].contains(parameter.name) {
                #expect(parameter.range != nil, "\(name): :\(parameter.name) declares no range")
            }
        }
        #expect(
            try catalog.query(named: "notifications-generate-follow-ups")?.parameter(named: "days")?.range?.description
                == "between 0 and 3650")
        #expect(try catalog.query(named: "tg-reorder")?.parameter(named: "position")?.range?.description == "at least 0")
    }

    @Test func convertsValuesByType() {
        #expect(ParameterType.integer.convert("-42") == .integer(-42))
        #expect(ParameterType.integer.convert("1.5") == nil)
        #expect(ParameterType.integer.convert("99999999999999999999") == nil)
        #expect(ParameterType.real.convert("1.5") == .real(1.5))
        #expect(ParameterType.real.convert("nan") == nil)
        #expect(ParameterType.real.convert("1e999") == nil)
        for yes in ["true", "TRUE", "1", "yes", "Yes"] { #expect(ParameterType.boolean.convert(yes) == .integer(1)) }
        for no in ["false", "0", "no", "NO"] { #expect(ParameterType.boolean.convert(no) == .integer(0)) }
        #expect(ParameterType.boolean.convert("maybe") == nil)
        #expect(ParameterType.text.convert("") == .text(""))
    }

    static let feed = """
        -- name: social-feed
        -- The feed.
        -- More words.
        -- :user_id   text, optional: the acting user
        -- :platform  text, one of twitter|instagram, optional: filter by platform
        -- :flagged   boolean, default false: only flagged posts
        -- :limit     integer, default 50: page size
        -- :id        text: required by default
        SELECT :user_id, :platform, :flagged, :limit, :id;
        """

    @Test func parsesAQueryFile() throws {
        let query = try CannedQuery(text: "\n" + Self.feed + "\n\n", origin: "test")
        #expect(query.name == "social-feed")
        #expect(query.kind == .read)
        #expect(query.summary == "The feed.")
        #expect(query.details == ["More words."])
        #expect(query.parameters.map(\.name) == ["user_id", "platform", "flagged", "limit", "id"])
        #expect(query.sql == "SELECT :user_id, :platform, :flagged, :limit, :id;")
        #expect(query.area == "social")
        #expect(try CannedQuery(text: "-- name: tg-delete!\n-- Deletes.\nDELETE FROM t", origin: "t").kind == .write)
        #expect(try CannedQuery(text: "-- name: tg-seed#\nINSERT INTO t VALUES (1);", origin: "t").kind == .script)
        #expect(throws: SwitchboardError.failure("t: the first line must be '-- name: NAME'")) {
            try CannedQuery(text: "SELECT 1", origin: "t")
        }
        #expect(throws: SwitchboardError.failure("t: invalid query name 'Bad Name' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)")) {
            try CannedQuery(text: "-- name: Bad Name\nSELECT 1", origin: "t")
        }
    }

    @Test func validatesNames() {
        #expect(CannedQuery.isValidName("social-feed"))
        #expect(CannedQuery.isValidName("a"))
        #expect(CannedQuery.isValidName("0_x-y"))
        #expect(CannedQuery.isValidName(String(repeating: "a", count: 64)))
        #expect(!CannedQuery.isValidName(String(repeating: "a", count: 65)))
        for bad in ["", "-x", "_x", "Social", "a/b", "../x", "a.sql", "a b", "é"] { #expect(!CannedQuery.isValidName(bad)) }
    }

    @Test func bindsWithDefaultsAndChecks() throws {
        let query = try CannedQuery(text: Self.feed, origin: "test")
        let binding = try ParameterBinding(query: query, pairs: ["platform=twitter", ":id=7"], user: nil)
        #expect(binding.values["platform"] == .some(.text("twitter")))
        #expect(binding.values["flagged"] == .some(.integer(0)))
        #expect(binding.values["limit"] == .some(.integer(50)))
        #expect(binding.values["id"] == .some(.text("7")))
        #expect(binding.values["user_id"] == .some(nil))
        #expect(binding.leavesUserToDatabase)
        let withUser = try ParameterBinding(query: query, pairs: ["id=1"], user: "u1")
        #expect(withUser.values["user_id"] == .some(.text("u1")))
        #expect(!withUser.leavesUserToDatabase)
        let explicit = try ParameterBinding(query: query, pairs: ["id=1", "user_id=u2"], user: "u1")
        #expect(explicit.values["user_id"] == .some(.text("u2")))

        #expect(throws: SwitchboardError.usage("parameter :limit must be an integer, got 'ten'")) {
            try ParameterBinding(query: query, pairs: ["id=1", "limit=ten"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("missing required parameter :id")) {
            try ParameterBinding(query: query, pairs: [], user: nil)
        }
        #expect(throws: SwitchboardError.usage("parameter :platform must be one of twitter|instagram, got 'myspace'")) {
            try ParameterBinding(query: query, pairs: ["id=1", "platform=myspace"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("unknown parameter :foo for query 'social-feed'")) {
            try ParameterBinding(query: query, pairs: ["foo=1"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("parameter must be name=value, got 'limit'")) {
            try ParameterBinding(query: query, pairs: ["limit"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("parameter :id is given twice")) {
            try ParameterBinding(query: query, pairs: ["id=1", "id=2"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("parameter :flagged must be a boolean (true|false|1|0|yes|no), got 'maybe'")) {
            try ParameterBinding(query: query, pairs: ["id=1", "flagged=maybe"], user: nil)
        }
    }

    @Test func scansParametersOutsideStringsAndComments() {
        let sql = """
            SELECT ':not' AS "a:b", [x:y], `p:q` -- :comment
            /* :block */ FROM t WHERE a = :a AND b = :b_2 AND c = :a AND d = '12:00:00'
            """
        #expect(SQLParameterScanner.names(in: sql) == ["a", "b_2"])
        #expect(
            SQLParameterScanner.references(in: "SELECT ?, ?2, @x, $y, :z") == [.other("?"), .other("?2"), .other("@x"), .other("$y"), .named("z")])
    }
}

extension QueryParameterTests {
    @Test func tellsDeclarationsFromProse() throws {
        #expect(QueryParameter.isDeclaration(":limit integer, default 50: page size"))
        #expect(QueryParameter.isDeclaration(":id text"))
        #expect(QueryParameter.isDeclaration(":id\ttext: the id"))
        #expect(!QueryParameter.isDeclaration(":cursor_id to get the next page"))
        #expect(!QueryParameter.isDeclaration(":id texts"))
        #expect(!QueryParameter.isDeclaration("limit integer"))
        let query = try CannedQuery(text: "-- name: a-b\n-- Summary.\n-- :x to page on.\n-- :x integer\nSELECT :x", origin: "t")
        #expect(query.details == [":x to page on."])
        #expect(query.parameters.map(\.name) == ["x"])
    }
}
