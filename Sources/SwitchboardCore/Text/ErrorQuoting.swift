/// Input quoted in an error message, cut to 64 characters and `...` so that a
/// megabyte argument cannot make a megabyte message.
///
/// ```sql
/// SELECT switchboard_now('tomorrow'); -- error: switchboard_now: cannot read 'tomorrow' as a time
/// ```
func quotedForError(_ text: String) -> String {
    "'" + shortenedForError(text) + "'"
}

/// `text` cut to 64 characters and `...`, unquoted: for input an error message uses verbatim.
///
/// ```sql
/// SELECT template_render_strict('{{x}}', '{}', 'coach ''Ann Lee''');
/// -- error: missing value for {{x}} for coach 'Ann Lee'
/// ```
func shortenedForError(_ text: String) -> String {
    let limit = 64
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return text[..<end] + "..."
}
