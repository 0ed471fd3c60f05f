import Foundation
import TestSupport
import Testing

/// Hostile input to `sync posts` and `import`: a BOM, invalid UTF-8,
/// CRLF CSV with quoted line breaks, records over the 16 MiB limit, 10,000-deep JSON, NUL bytes,
/// numbers beyond 64 bits and impossible dates. Each is read correctly or refused in one clear
/// line, with the rows before and after counted; none crashes or hangs. The 100 MB version of the
/// size case is `Benchmarks/reliability/hostile.py` (it also measures peak memory).
@Suite struct HostileInputTests {
    /// A SocialPost NDJSON line as bytes; `extra` is spliced in raw (it may hold any bytes).
    static func post(_ name: String, date: String = "2026-02-10T14:30:00Z", extra: [UInt8] = []) -> [UInt8] {
        Array(#"{"platform":"twitter","post_url":"https://x.com/c/\#(name)","post_date":"\#(date)","author_handle":"@c","author_name":"C""#.utf8)
            + extra + Array("}".utf8)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let csvHeader = "post_url,platform,post_date,author_handle,author_name,post_content"

    /// A CSV row of a post (`content` spliced in raw).
    static func csvRow(_ name: String, _ content: [UInt8]) -> [UInt8] {
        bytes("https://x.com/c/\(name),twitter,2026-02-10T14:30:00Z,@c,C,") + content
    }

    /// Runs `switchboard ARGS FILE --db DB` on `input` written to a file (so any bytes go through).
    static func run(_ arguments: [String], _ input: [UInt8], _ scratch: Scratch, _ db: String) throws -> CLIResult {
        let file = scratch.file("input-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(input)))
        return try CLI.run(arguments + [file, "--db", db])
    }

    static func sync(_ input: [UInt8], _ scratch: Scratch, _ db: String, _ options: [String] = []) throws -> CLIResult {
        try run(["sync", "posts"] + options, input, scratch, db)
    }

    static func posts(_ db: String) throws -> String { try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") }

    static func lines(_ records: [[UInt8]], separator: String = "\n") -> [UInt8] {
        records.joined(separator: bytes(separator)).map { $0 } + bytes(separator)
    }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test func aByteOrderMarkIsSkippedInEveryFormat() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let inputs: [[UInt8]] = [
            Self.bom + Self.bytes("[") + Self.post("json") + Self.bytes("]"),
            Self.bom + Self.bytes(#"{"success":true,"data":["#) + Self.post("envelope") + Self.bytes("]}"),
            Self.bom + Self.post("ndjson") + Self.bytes("\n"),
            Self.bom + Self.bytes(Self.csvHeader + "\n") + Self.csvRow("csv", Self.bytes("text")) + Self.bytes("\n"),
        ]
        for input in inputs {
            let result = try Self.sync(input, scratch, db)
            #expect(result.stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n", "\(result.stderr)")
            #expect(result.stderr == "")
            #expect(result.status == 0)
        }
        #expect(
            try SyncTests.sqlite(db, "SELECT group_concat(post_url, ' ') FROM (SELECT post_url FROM social_media_posts ORDER BY post_url)")
                == "https://x.com/c/csv https://x.com/c/envelope https://x.com/c/json https://x.com/c/ndjson")
        // import: the BOM before a CSV header does not become part of the first column's name.
        let imported = try Self.run(["import", "schools"], Self.bom + Self.bytes("id,name\ns1,North High\n"), scratch, db)
        #expect(imported.stdout == "Imported 1 row into schools\n0 unchanged, 0 updated, 0 rejected\n", "\(imported.stderr)")
        #expect(try SyncTests.sqlite(db, "SELECT id || '|' || name FROM schools WHERE id = 's1'") == "s1|North High")
    }

    @Test func invalidUTF8SkipsTheRecordNamingTheField() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let bad: [UInt8] = [0x61, 0xFF, 0xFE, 0x62]
        // NDJSON: a value, a key, a lone surrogate escape; the good lines go in.
        let ndjson = Self.lines([
            Self.post("1"),
            Self.post("2", extra: Self.bytes(#","post_content":""#) + bad + Self.bytes("\"")),
            Self.post("3", extra: Self.bytes(",\"") + bad + Self.bytes("\":1")),
            Self.post("4", extra: Self.bytes(#","post_content":"a\ud800b""#)),
            Self.post("5", extra: Self.bytes(#","post_content":"\ud83d\ude00 ok""#)),
        ])
        let result = try Self.sync(ndjson, scratch, db)
        #expect(
            result.stderr == """
                line 2: skipped: post_content is not valid UTF-8
                line 3: skipped: a key is not valid UTF-8
                line 4: skipped: post_content is not valid Unicode (a lone surrogate \\uD800)

                """)
        #expect(result.stdout == "Synced 2 new posts\n0 duplicates, 3 rejected\n")
        #expect(result.status == 0)
        #expect(try SyncTests.sqlite(db, "SELECT post_content FROM social_media_posts WHERE post_url LIKE '%/5'") == "😀 ok")
        // A JSON array and CSV: the same report, by record and by line.
        let array =
            Self.bytes("[") + Self.post("6", extra: Self.bytes(#","author_name":""#) + bad + Self.bytes("\"")) + Self.bytes(",")
            + Self.post("7") + Self.bytes("]")
        let arrayResult = try Self.sync(array, scratch, db)
        #expect(arrayResult.stderr == "record 1: skipped: author_name is not valid UTF-8\n")
        #expect(arrayResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        let csv =
            Self.bytes(Self.csvHeader + "\n") + Self.csvRow("8", bad) + Self.bytes("\n") + Self.csvRow("9", Self.bytes("fine")) + Self.bytes("\n")
        let csvResult = try Self.sync(csv, scratch, db)
        #expect(csvResult.stderr == "line 2: skipped: post_content is not valid UTF-8\n")
        #expect(csvResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        #expect(try Self.posts(db) == "4")
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts WHERE instr(post_content || author_name, char(65533))") == "0")
        // A CSV header that is not UTF-8 fails the run; nothing changes.
        let header = try Self.sync(Self.bytes("post_url,") + bad + Self.bytes("\nu,x\n"), scratch, db)
        #expect(header.stderr == "Sync failed: line 1: CSV header field 2 is not valid UTF-8\n")
        #expect(header.status == 1)
        #expect(try Self.posts(db) == "4")
        // import reports the same way.
        let schools = Self.bytes(#"[{"id":"s1","name":""#) + bad + Self.bytes(#""},{"id":"s2","name":"South High"}]"#)
        let imported = try Self.run(["import", "schools"], schools, scratch, db)
        #expect(imported.stderr == "record 1: skipped: name is not valid UTF-8\n")
        #expect(imported.stdout == "Imported 1 row into schools\n0 unchanged, 0 updated, 1 rejected\n")
    }

    @Test func crlfCSVReadsAsTheLFVersionAndQuotedLineBreaksStayInTheValue() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let rows = [
            Self.bytes(Self.csvHeader),
            Self.csvRow("1", Self.bytes("plain")),
            Self.csvRow("2", Self.bytes("\"two\nlines, one cell\"")),
            Self.csvRow("3", Self.bytes("\"say \"\"hi\"\"\"")),
            Self.csvRow("4", Self.bytes("")),
        ]
        let lf = try scratch.database(name: "lf.db")
        let crlf = try scratch.database(name: "crlf.db")
        #expect(try Self.sync(Self.lines(rows), scratch, lf).stdout == "Synced 4 new posts\n0 duplicates, 0 rejected\n")
        // CRLF line ends, and no line end after the last row.
        let crlfInput = Array(Self.lines(rows, separator: "\r\n").dropLast(2))
        let result = try Self.sync(crlfInput, scratch, crlf)
        #expect(result.stdout == "Synced 4 new posts\n0 duplicates, 0 rejected\n", "\(result.stderr)")
        let values = "SELECT post_url, hex(post_content), hex(author_name), post_date FROM social_media_posts ORDER BY post_url"
        #expect(try SyncTests.sqlite(crlf, values) == SyncTests.sqlite(lf, values))
        #expect(try SyncTests.sqlite(crlf, "SELECT post_content FROM social_media_posts WHERE post_url LIKE '%/2'") == "two\nlines, one cell")
        #expect(try SyncTests.sqlite(crlf, "SELECT post_content FROM social_media_posts WHERE post_url LIKE '%/3'") == "say \"hi\"")
        #expect(try SyncTests.sqlite(crlf, "SELECT count(*) FROM social_media_posts WHERE instr(post_content || author_name, char(13))") == "0")
        // A CRLF written inside quotes is part of the value, as RFC 4180 has it.
        let kept = Self.bytes(Self.csvHeader + "\r\n") + Self.csvRow("5", Self.bytes("\"a\r\nb\"")) + Self.bytes("\r\n")
        #expect(try Self.sync(kept, scratch, crlf).stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n")
        #expect(try SyncTests.sqlite(crlf, "SELECT hex(post_content) FROM social_media_posts WHERE post_url LIKE '%/5'") == "610D0A62")
        // An unterminated quote fails the run, naming the line where the field began.
        let open = Self.bytes(Self.csvHeader + "\r\n") + Self.csvRow("6", Self.bytes("\"never closed\r\n"))
        let failed = try Self.sync(open, scratch, crlf)
        #expect(failed.stderr == "Sync failed: line 2: CSV: unterminated quoted field\n")
        #expect(failed.status == 1)
        #expect(try Self.posts(crlf) == "5")
    }

    @Test func recordsOverTheSizeLimitAreSkippedWithoutBeingKept() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // 17 MB in one line, over the 16 MiB limit (the 100 MB cases are Benchmarks/reliability/hostile.py).
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 17_000_000)
        let ndjson = Self.lines([Self.post("1", extra: Self.bytes(#","post_content":""#) + huge + Self.bytes("\"")), Self.post("2")])
        let result = try Self.sync(ndjson, scratch, db)
        #expect(result.stderr == "line 1: skipped: the record is over 16 MiB, the limit for one record\n")
        #expect(result.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        #expect(result.status == 0)
        let csv =
            Self.bytes(Self.csvHeader + "\n") + Self.csvRow("3", Self.bytes("\"") + huge + Self.bytes("\"")) + Self.bytes("\n")
            + Self.csvRow("4", Self.bytes("after"))
        let csvResult = try Self.sync(csv, scratch, db)
        #expect(csvResult.stderr == "line 2: skipped: the record is over 16 MiB, the limit for one record\n")
        #expect(csvResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        // Few bytes but many values: 200,000 numbers in 400 KB, or a CSV row of 200,000 fields.
        let array =
            Self.bytes("[") + Self.post("5", extra: Self.bytes(#","media_urls":["# + String(repeating: "1,", count: 200_000) + "1]"))
            + Self.bytes(",") + Self.post("6") + Self.bytes("]")
        let arrayResult = try Self.sync(array, scratch, db)
        #expect(arrayResult.stderr == "record 1: skipped: the record holds over 100000 JSON values, the limit for one record\n")
        #expect(arrayResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        let fields = Self.bytes(Self.csvHeader + "\n" + String(repeating: ",", count: 200_000) + "\n") + Self.csvRow("7", Self.bytes("x"))
        let fieldsResult = try Self.sync(fields, scratch, db)
        #expect(fieldsResult.stderr == "line 2: skipped: the row has over 100000 fields, the limit for one record\n")
        #expect(fieldsResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        #expect(
            try SyncTests.sqlite(db, "SELECT group_concat(substr(post_url, 17), ' ') FROM (SELECT post_url FROM social_media_posts ORDER BY seq)")
                == "2 4 6 7")
        // Just under the limit goes in whole.
        let large = [UInt8](repeating: UInt8(ascii: "b"), count: (16 << 20) - 1024)
        let under = try Self.sync(
            Self.post("8", extra: Self.bytes(#","author_avatar_url":""#) + large + Self.bytes("\"")), scratch, db, ["--no-classify"])
        #expect(under.stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n", "\(under.stderr)")
        #expect(
            try SyncTests.sqlite(db, "SELECT length(author_avatar_url) FROM social_media_posts WHERE post_url LIKE '%/8'") == "\((16 << 20) - 1024)")
    }

    @Test func jsonNestedTenThousandDeepIsRefusedAtTheDepthLimit() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        func nested(_ levels: Int) -> [UInt8] { Self.bytes(String(repeating: "[", count: levels) + String(repeating: "]", count: levels)) }
        func objects(_ levels: Int) -> [UInt8] {
            Self.bytes(String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels))
        }
        // NDJSON: the record's object and 511 arrays make 512 levels, the most allowed.
        let ndjson = Self.lines([
            Self.post("1", extra: Self.bytes(#","media_urls":"#) + nested(10_000)),
            Self.post("2", extra: Self.bytes(#","x":"#) + objects(10_000)),
            Self.post("3", extra: Self.bytes(#","media_urls":"#) + nested(512)),
            Self.post("4", extra: Self.bytes(#","media_urls":"#) + nested(511)),
        ])
        let result = try Self.sync(ndjson, scratch, db)
        #expect(
            result.stderr == """
                line 1: skipped: invalid JSON: nested deeper than 512 levels
                line 2: skipped: invalid JSON: nested deeper than 512 levels
                line 3: skipped: invalid JSON: nested deeper than 512 levels

                """)
        #expect(result.stdout == "Synced 1 new post\n0 duplicates, 3 rejected\n")
        #expect(try SyncTests.sqlite(db, "SELECT json_array_length(media_urls) FROM social_media_posts") == "1")
        // In a JSON array, like any malformed JSON there, it fails the run and keeps nothing.
        for input in [Self.bytes("[") + Self.post("5") + Self.bytes(",") + nested(10_000) + Self.bytes("]"), nested(10_000)] {
            let failed = try Self.sync(input, scratch, db)
            #expect(failed.stderr == "Sync failed: line 1: invalid JSON: nested deeper than 512 levels\n")
            #expect(failed.status == 1)
            #expect(failed.stdout == "")
        }
        #expect(try Self.posts(db) == "1")
        let imported = try Self.run(["import", "schools"], Self.bytes("[") + objects(10_000) + Self.bytes("]"), scratch, db)
        expectError(imported, "line 1: invalid JSON: nested deeper than 512 levels", status: 1)
    }

    @Test func nulBytesAreRefusedNeverCutShort() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let reject = scratch.file("rejected.ndjson")
        // An escaped NUL in a value, a raw NUL in a string, a line of NULs between records.
        let ndjson = Self.lines([
            Self.post("1", extra: Self.bytes(#","post_content":"before\u0000after""#)),
            Self.post("2", extra: Self.bytes(#","post_content":"raw"#) + [0] + Self.bytes("\"")),
            [0, 0, 0],
            Self.post("3"),
        ])
        let result = try Self.sync(ndjson, scratch, db, ["--reject", reject])
        #expect(
            result.stderr == """
                line 1: skipped: post_content contains a NUL character (U+0000), which text columns cannot hold
                line 2: skipped: invalid JSON: control character in a string
                line 3: skipped: not a JSON object

                """)
        #expect(result.stdout == "Synced 1 new post\n0 duplicates, 3 rejected\n")
        #expect(try String(contentsOfFile: reject, encoding: .utf8).contains(#""post_content":"before\u0000after""#))
        // NUL between the elements of a JSON array is malformed JSON: the run fails.
        let array = try Self.sync(Self.bytes("[") + Self.post("4") + [0] + Self.bytes(",") + Self.post("5") + Self.bytes("]"), scratch, db)
        #expect(array.stderr == "Sync failed: line 1: invalid JSON: expected ',' or ']', found byte 0\n")
        #expect(array.status == 1)
        // CSV: NUL inside a value, and a line holding only NUL.
        let csv =
            Self.bytes(Self.csvHeader + "\n") + Self.csvRow("6", Self.bytes("a") + [0] + Self.bytes("b")) + Self.bytes("\n")
            + [0] + Self.bytes("\n") + Self.csvRow("7", Self.bytes("fine")) + Self.bytes("\n")
        let csvResult = try Self.sync(csv, scratch, db)
        #expect(
            csvResult.stderr == """
                line 2: skipped: post_content contains a NUL character (U+0000), which text columns cannot hold
                line 3: skipped: post_url contains a NUL character (U+0000), which text columns cannot hold

                """)
        #expect(csvResult.stdout == "Synced 1 new post\n0 duplicates, 2 rejected\n")
        #expect(try Self.posts(db) == "2")
        let imported = try Self.run(["import", "schools"], Self.bytes(#"[{"id":"s1","name":"North\u0000High"}]"#), scratch, db)
        #expect(
            imported.stderr == "record 1: skipped: name contains a NUL character (U+0000), which text columns cannot hold\n"
                + "Import failed: 1 record refused, none accepted\n")
        #expect(imported.stdout == "" && imported.status == 1)
    }

    @Test func numbersBeyondSixtyFourBitsAreRefusedNotRounded() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        func likes(_ name: String, _ number: String) -> [UInt8] { Self.post(name, extra: Self.bytes(#","likes_count":\#(number)"#)) }
        let ndjson = Self.lines([
            likes("1", "99999999999999999999"),
            likes("2", "-1e400"),
            likes("3", "1e400"),
            likes("4", "9.5"),
            likes("5", "-99999999999999999999"),
            Self.post("6", extra: Self.bytes(#","author_avatar_url":1e400"#)),
            likes("7", "9223372036854775807"),
            likes("8", "7.0"),
            likes("9", "1e-400"),
        ])
        let result = try Self.sync(ndjson, scratch, db)
        #expect(
            result.stderr == """
                line 1: skipped: likes_count '99999999999999999999' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)
                line 2: skipped: likes_count '-1e400' is beyond the range of a 64-bit floating-point number
                line 3: skipped: likes_count '1e400' is beyond the range of a 64-bit floating-point number
                line 4: skipped: likes_count '9.5' is not an integer
                line 5: skipped: likes_count '-99999999999999999999' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)
                line 6: skipped: author_avatar_url '1e400' is beyond the range of a 64-bit floating-point number

                """)
        // 1e-400 rounds to 0, as any float does below its smallest value.
        #expect(result.stdout == "Synced 3 new posts\n0 duplicates, 6 rejected\n")
        #expect(
            try SyncTests.sqlite(
                db,
                "SELECT group_concat(likes_count || ':' || typeof(likes_count), ' ') FROM (SELECT likes_count FROM social_media_posts ORDER BY seq)")
                == "9223372036854775807:integer 7:integer 0:integer")
        // CSV values are text: an integer column takes them only as whole 64-bit numbers.
        let csv = Self.bytes(
            "post_url,platform,post_date,author_handle,author_name,likes_count\n"
                + "https://x.com/c/10,twitter,2026-02-10T14:30:00Z,@c,C,99999999999999999999\n"
                + "https://x.com/c/11,twitter,2026-02-10T14:30:00Z,@c,C,12\n")
        let csvResult = try Self.sync(csv, scratch, db)
        #expect(csvResult.stderr == "line 2: skipped: likes_count '99999999999999999999' is not an integer\n")
        #expect(csvResult.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n")
        #expect(
            try SyncTests.sqlite(db, "SELECT likes_count || ':' || typeof(likes_count) FROM social_media_posts WHERE post_url LIKE '%/11'")
                == "12:integer")
        // import: any column.
        let groups = Self.bytes(
            #"[{"id":-1001,"title":"Team","memberCount":99999999999999999999},{"id":-1002,"title":"Parents","memberCount":1e999}]"#)
        let imported = try Self.run(["import", "tg_groups"], groups, scratch, db)
        #expect(
            imported.stderr == """
                record 1: skipped: memberCount '99999999999999999999' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)
                record 2: skipped: memberCount '1e999' is beyond the range of a 64-bit floating-point number
                Import failed: 2 records refused, none accepted

                """)
        #expect(imported.stdout == "" && imported.status == 1)
        // The same from CSV, where SQLite alone would store 1.0e+20, Inf and the text '12abc'.
        let groupsCSV = Self.bytes("id,title,member_count\n-1,A,99999999999999999999\n-2,B,1e400\n-3,C,12abc\n-4,D,1e19\n-5,E,24\n")
        let csvImport = try Self.run(["import", "tg_groups"], groupsCSV, scratch, db)
        #expect(
            csvImport.stderr == """
                line 2: skipped: member_count '99999999999999999999' is not an integer
                line 3: skipped: member_count '1e400' is not an integer
                line 4: skipped: member_count '12abc' is not an integer
                line 5: skipped: member_count '1e19' is not an integer

                """)
        #expect(csvImport.stdout == "Imported 1 row into tg_groups\n0 unchanged, 0 updated, 4 rejected\n")
        #expect(try SyncTests.sqlite(db, "SELECT id || ':' || member_count || ':' || typeof(member_count) FROM tg_groups") == "-5:24:integer")
        #expect(try Self.posts(db) == "4")
    }

    @Test func impossibleDatesAreRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let dates = [
            "2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-02-10T25:00:00Z", "2026-02-29T10:00:00Z",
            "2026-04-31T10:00:00Z", "2026-02-10T23:59:60Z", "2026-00-10T10:00:00Z", "2026-02-00T10:00:00Z", "2026-02-30",
            "2028-02-29T10:00:00Z", "2000-02-29T10:00:00Z", "2026-12-31T23:59:59Z",
        ]
        let input = Self.lines(dates.enumerated().map { Self.post("\($0.offset + 1)", date: $0.element) })
        let result = try Self.sync(input, scratch, db)
        let refused = dates.prefix(9).enumerated().map {
            "line \($0.offset + 1): skipped: post_date '\($0.element)' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n"
        }
        #expect(result.stderr == refused.joined())
        #expect(result.stdout == "Synced 3 new posts\n0 duplicates, 9 rejected\n")
        #expect(
            try SyncTests.sqlite(db, "SELECT group_concat(post_date, ' ') FROM (SELECT post_date FROM social_media_posts ORDER BY seq)")
                == "2028-02-29T10:00:00Z 2000-02-29T10:00:00Z 2026-12-31T23:59:59Z")
        // CSV and import use the same check.
        let csv = Self.bytes("post_url,platform,post_date,author_handle,author_name\nhttps://x.com/c/20,twitter,1900-02-29T00:00:00Z,@c,C\n")
        #expect(
            try Self.sync(csv, scratch, db).stderr
                == "line 2: skipped: post_date '1900-02-29T00:00:00Z' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n"
                + "Sync failed: 1 record refused, none accepted\n")
        #expect(try Self.posts(db) == "3")
    }
}
