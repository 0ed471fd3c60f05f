extension Registry {
    /// `fts_query`, `text_preview`, `capitalized` and `random_uuid`.
    static let textFunctions: [FunctionSpec] = [
        FunctionSpec(
            "fts_query(text)", flags: .pure,
            doc: """
                Raw search text as a safe FTS5 MATCH expression: split on whitespace, control characters \
                (NUL included) dropped, each term quoted with '"' doubled and a prefix '*' for type-ahead, terms \
                ANDed by juxtaposition. At most 32 terms are kept: terms after the 32nd are \
                dropped (the rest of the text is not read), so no search costs more than 32 prefix phrases. Terms \
                with no letter, digit or private-use character (lone punctuation, \
                emoji) are dropped, since the unicode61 tokenizer finds no token in them. NULL, blank input or \
                nothing left gives NULL, so a query can skip the MATCH (MATCH NULL is itself an FTS5 error): \
                WHERE fts_query(:q) IS NULL OR docs MATCH fts_query(:q). No input makes MATCH raise an error. \
                BLOBs and numbers are read as text; invalid UTF-8 reads as U+FFFD, which is then part of its term.
                """,
            example: #"SELECT fts_query('smi NEAR( "jo'); -- '"smi"* "NEAR("* """jo"*'"#,
            body: FunctionSpec.textBody(FTSQuery.expression)),
        FunctionSpec(
            "text_preview(text, n)", flags: .pure,
            doc: """
                The first n characters of text, counted as Swift Characters (an emoji or accented letter is \
                one), followed by '...' when text is longer. NULL text or n gives NULL; a real n is truncated \
                toward zero; an n below zero, NaN, text or a BLOB is the error 'text_preview: n must be a \
                non-negative integer'. A BLOB text and numbers are read as text; invalid UTF-8 reads as U+FFFD, one \
                character per invalid sequence. Only n + 1 characters are read.
                """,
            example: "SELECT text_preview('Dear coach, thanks for the visit', 10); -- 'Dear coach...'",
            body: { arguments, _ in
                let length: Int
                switch arguments.value(1) {
                case .null: return .null
                case .integer(let value) where value >= 0: length = Int(truncatingIfNeeded: value)
                case .real(let value) where value >= 0:
                    length = value < 9e18 ? Int(value.rounded(.towardZero)) : Int.max
                default: return .error("text_preview: n must be a non-negative integer")
                }
                guard let text = arguments.value(0).text else { return .null }
                return .text(TextPreview.preview(text, length: length))
            }),
        FunctionSpec(
            "capitalized(text)", flags: .pure,
            doc: """
                Foundation's String.capitalized, what spec 004's template picker shows for a template name \
                (template.name.capitalized): in each word the first letter title-cased and the others lowercased, \
                with Unicode's full mappings ('ß' is 'Ss'). A word is a run of letters with a case, going on \
                through marks, modifier letters and symbols, format characters, ' and ’; anything else (a space, \
                a digit, '-', '_', '.', a letter of no case) ends it, as in Foundation: 'o''neil' is 'O''neil', \
                '2nd' is '2Nd', 're-entry' is 'Re-Entry'. NULL gives NULL; numbers and BLOBs are read as text \
                (invalid UTF-8 as U+FFFD). Deterministic.
                """,
            example: "SELECT capitalized('hELLO wORLD'); -- 'Hello World'",
            body: { arguments, environment in
                guard let text = arguments.value(0).text else { return .null }
                return Capitalized.capitalized(text, limit: environment.maxLength).map(SQLResult.text) ?? .tooBig
            }),
        FunctionSpec(
            "random_uuid()", flags: [.innocuous],
            doc: """
                A new random (version 4) UUID as lowercase text, 8-4-4-4-12 hex digits: the ids the canned \
                queries give a new row when none is passed. Its form is what the tables' id defaults write in plain \
                SQL (lower(hex(randomblob(4)) || '-' || ...)), which stay so that any SQLite tool can insert rows. \
                From the system's random source; not deterministic, innocuous.
                """,
            example: "SELECT length(random_uuid()); -- 36",
            body: { _, _ in .text(RandomUUID.text()) }),
    ]
}
