/// The registrations pinned by ``ExtensionTests/registersExactlyTheseFunctions()``, sorted.
/// 0x200800 = deterministic + innocuous (pure); 0x200000 = innocuous only (reads the clock, the build or
/// the connection's display zone); 0x80000 = direct-only (switchboard_now(ts) changes the connection's clock).
/// No function sets a time zone: the views pass the user's to the date functions.
enum ExpectedRegistrations {
    static let lines: [Substring] = [
        "capitalized/1/0x200800",
        "count_badge/1/0x200800",
        "display_timezone/1/0x200000",
        "fts_query/1/0x200800",
        "local_date/1/0x200800",
        "local_date/2/0x200800",
        "relative_date/1/0x200000",
        "relative_date/2/0x200800",
        "relative_date/3/0x200800",
        "relative_date_abbreviated/1/0x200000",
        "relative_date_abbreviated/2/0x200800",
        "relative_date_abbreviated/3/0x200800",
        "route_map/1/0x200800",
        "route_map/2/0x200800",
        "search_contains/2/0x200800",
        "search_contains/3/0x200800",
        "search_contains/4/0x200800",
        "search_short_word/1/0x200800",
        "search_trigrams/1/0x200800",
        "sentiment_classify/1/0x200800",
        "sentiment_label/1/0x200800",
        "sentiment_label/2/0x200800",
        "sentiment_score/1/0x200800",
        "switchboard_debug/0/0x200000",
        "switchboard_now/0/0x200000",
        "switchboard_now/1/0x80000",
        "switchboard_version/0/0x200800",
        "template_error/1/0x200800",
        "template_missing/2/0x200800",
        "template_render/2/0x200800",
        "template_render/3/0x200800",
        "template_render/4/0x200800",
        "template_render_strict/3/0x200800",
        "template_variables/1/0x200800",
        "text_preview/2/0x200800",
    ]
}
