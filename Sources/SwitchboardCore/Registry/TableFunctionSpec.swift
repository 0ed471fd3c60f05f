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
        signature: "post_search(query, user_id, page_size, school_id, cursor_post_date, cursor_id)",
        columns: """
            rowid (the post's seq), post_date_ms, id, post_content, author_name, author_handle, rank (1 for the first \
            row, newest first), plan (what it chose: everything, empty, trigram index, trigram index, date order, \
            trigram prefixes, trigram prefixes, date order, ordered scan, school index)
            """,
        doc: """
            The user's posts (user_id NULL: the database's only user) whose content, author name or handle match \
            query exactly as search_contains tests them, newest first (post_date_ms, id descending; posts without \
            an instant are not listed). \(Registry.searchMeaning("post_search")) \
            The trigram index gives candidates and the final test decides: every form a letter may take in the index \
            is asked (SQLite folds case with older tables than Swift: a last i may be the index's İ, Georgian \
            Mtavruli, Cherokee and ~440 more letters are asked in both forms), so no match is missed. The search is \
            planned word by word, rarest first: nothing at all when a run of three letters of a word is in no post \
            (empty); the rarest word's runs that pay for their reading; a sample of many candidates tested word by \
            word and for pieces of the words, whose least-found word narrows them, by its runs or, where the index \
            keeps positions (schema 0020), as a phrase: four or five of its letters that no sampled candidate \
            holds, then the whole word, so a word no post holds costs one walk of the index (at most 4 times); \
            then every candidate read and tested (trigram index), the candidates met in a walk of the feed index \
            newest first (date order), or the feed in date order, each post tested (ordered scan). Words of 1-2 \
            letters only: the newest 1000 posts are probed, then the ordered scan or the vocabulary's trigrams \
            that start with the rarest word (trigram prefixes). \
            school_id (optional) keeps one school's posts: all of them, by the index social_media_posts_authors \
            (user_id, school_id), each tested, newest first (school index: a school's posts are few among the \
            user's). cursor_post_date and cursor_id (optional) are the social feed's keyset cursor: the rows after \
            (cursor_post_date's instant, cursor_id) newest first, the instant read as instant_ms reads it, a NULL \
            cursor_id as ''; a cursor_post_date the rule cannot read lists nothing. \
            The walks read no further than the caller asks: a page costs a page. A blank or \
            NULL query lists every post (everything). page_size (default 50) is the page the caller means to read, \
            for the choice only: every match is returned if asked for. Every read goes through SQLite, so an \
            interrupt or a progress handler that stops the statement (a host's time limit) stops it, with SQLite's \
            own error 'interrupted' and no prefix. Reads social_media_posts, social_posts_trigram and its vocab \
            table; writes nothing. Innocuous: usable in views under trusted_schema=OFF. Any argument is safe \
            (invalid UTF-8 is read as U+FFFD; a non-integer page_size is 50).
            """,
        example: """
            SELECT f.id, f.display_name, f.preview FROM post_search('camp reg') AS s
            JOIN social_feed AS f ON f.seq = s.rowid ORDER BY s.rank LIMIT 50;
            """)
}
