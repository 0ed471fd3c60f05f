/// One table-valued SQL function (an eponymous virtual table): its name, call, columns, doc and example.
/// The binding registers it as a module; `switchboard functions` and docs/functions.md list it after
/// the scalar functions.
public struct TableFunctionSpec: Sendable {
    /// The SQL name, e.g. `post_search`.
    public let name: String
    /// The call as a reader sees it, e.g. `post_search(query, user_id, page_size)`.
    public let signature: String
    /// The columns it returns, e.g. `rowid (the post's seq), post_date_ms, ...`.
    public let columns: String
    /// What it does, including what bad input gives.
    public let doc: String
    /// A SQL example (needs the Switchboard schema).
    public let example: String
}

extension Registry {
    /// Every table-valued function, in the order of docs/functions.md.
    public static let tableFunctions: [TableFunctionSpec] = [postSearch]

    /// `post_search`: the posts a search matches, newest first, by the plan that suits the query.
    public static let postSearch = TableFunctionSpec(
        name: "post_search",
        signature: "post_search(query, user_id, page_size)",
        columns: """
            rowid (the post's seq), post_date_ms, id, post_content, author_name, author_handle, rank (1 for the first \
            row, newest first), plan (what it chose: everything, empty, trigram index, trigram index, date order, \
            trigram prefixes, trigram prefixes, date order, ordered scan)
            """,
        doc: """
            The user's posts (user_id NULL: the database's only user) whose content, author name or handle contain \
            every word of query, exactly as search_contains tests them (the apps' case-insensitive substring filter; \
            no accent folding), newest first (post_date_ms, id descending; posts without an instant are not listed). \
            Per query it picks the cheapest way from the trigram index's own doclists and vocabulary, a sample of \
            its candidates and a short probe: nothing at all when the query's runs of three characters are in no \
            post together (empty); when a word's runs are common, the index (which keeps positions, schema 0020) \
            also matches four of its characters as one phrase, so a word no post holds costs one index read; every trigram candidate read and tested, when they are few or when the sample \
            says few match (trigram index); the candidates' rowids, then the feed index walked newest first reading \
            only the candidates met (date order); for words of 1-2 characters, the vocabulary's trigrams that \
            start with the word (trigram prefixes); or the feed in date order, each post tested (ordered scan). The \
            walks read no further than the caller asks: a page costs a page. A blank or NULL query lists every \
            post (everything). page_size (default 50) is the page the caller means to read, for the choice only: \
            every match is returned if asked for. Reads social_media_posts, social_posts_trigram and its vocab \
            table; writes nothing. Innocuous: usable in views under trusted_schema=OFF. Any argument is safe \
            (invalid UTF-8 is read as U+FFFD; a non-integer page_size is 50).
            """,
        example: """
            SELECT f.id, f.display_name, f.preview FROM post_search('camp reg') AS s
            JOIN social_feed AS f ON f.seq = s.rowid ORDER BY s.rank LIMIT 50;
            """)
}
