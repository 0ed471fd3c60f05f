import CSwitchboard
import SwitchboardCore

/// `post_search(query, user_id, page_size, school_id, cursor_post_date, cursor_id)`: the posts whose
/// content, author name or handle contain every word of `query` (search_contains), newest first (a school's
/// only, after the cursor when given), found by the plan ``SearchPlan`` picks for this query (the C half, Sources/CSwitchboard/post_search.c, is the module; this is its logic).
///
/// ```sql
/// SELECT f.id, f.preview FROM post_search('camp reg') AS s JOIN social_feed AS f ON f.seq = s.rowid LIMIT 50;
/// ```
enum PostSearch {
    /// The table's declaration: the columns of SB_SEARCH_* in order, the arguments hidden.
    static let schema = """
        CREATE TABLE x(post_date_ms INTEGER, id TEXT, post_content TEXT, author_name TEXT, author_handle TEXT, \
        rank INTEGER, plan TEXT, query HIDDEN, user_id HIDDEN, page_size HIDDEN, school_id HIDDEN, \
        cursor_post_date HIDDEN, cursor_id HIDDEN)
        """

    /// Registers the module on `db`, its calls going through `api`.
    static func register(api: OpaquePointer, db: OpaquePointer?) -> Int32 {
        let module = Unmanaged.passRetained(Module(api: api)).toOpaque()
        var callbacks = sb_search_callbacks(
            open: open, close: close, filter: filter, next: next, eof: eof, column: column, rowid: rowid, destroy: destroy)
        return sb_create_search_module(api, db, Registry.postSearch.name, schema, module, &callbacks)
    }

    /// The module's object: the API table of the library that registered it.
    final class Module {
        let api: OpaquePointer
        init(api: OpaquePointer) { self.api = api }
    }

    private static let open: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { module in
        guard let module else { return nil }
        let api = Unmanaged<Module>.fromOpaque(module).takeUnretainedValue().api
        return Unmanaged.passRetained(SearchCursor(api: api)).toOpaque()
    }

    private static let close: @convention(c) (UnsafeMutableRawPointer?) -> Void = { cursor in
        guard let cursor else { return }
        Unmanaged<SearchCursor>.fromOpaque(cursor).release()
    }

    private static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { module in
        guard let module else { return }
        Unmanaged<Module>.fromOpaque(module).release()
    }

    private static func cursor(_ pointer: UnsafeMutableRawPointer?) -> SearchCursor? {
        pointer.map { Unmanaged<SearchCursor>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let filter:
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?, Int32, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Int32 = { pointer, db, idxNum, argc, argv, error in
            guard let cursor = cursor(pointer), let db else { return 1 }
            return cursor.report(error) { () throws(SearchFailure) in
                try cursor.filter(db: db, idxNum: idxNum, arguments: RawArguments(api: cursor.api, argv: argv, count: Int(max(argc, 0))))
            }
        }

    private static let next: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 = {
        pointer, error in
        guard let cursor = cursor(pointer) else { return 1 }
        return cursor.report(error) { () throws(SearchFailure) in try cursor.next() }
    }

    private static let eof: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { pointer in
        cursor(pointer)?.atEnd ?? true ? 1 : 0
    }

    private static let column: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32) -> Void = { pointer, context, column in
        guard let context else { return }
        cursor(pointer)?.column(context, Int(column))
    }

    private static let rowid: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { pointer in
        cursor(pointer)?.current?.seq ?? 0
    }
}

/// One post found: what the table's columns show.
struct FoundPost {
    let seq: Int64
    let dateMs: Int64?
    let id: [UInt8]?
    let content: [UInt8]?
    let name: [UInt8]?
    let handle: [UInt8]?

    /// Newest first: post_date_ms descending (NULL last), then id descending (bytes, as SQLite's BINARY).
    static func newerFirst(_ a: FoundPost, _ b: FoundPost) -> Bool {
        if a.dateMs != b.dateMs { return (a.dateMs ?? .min) > (b.dateMs ?? .min) }
        return (b.id ?? []).lexicographicallyPrecedes(a.id ?? [])
    }
}
