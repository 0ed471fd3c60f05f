/// The templates page's text previews.
public enum TextPreview {
    /// The first `length` characters of `text`, counted as Swift `Character`s (an emoji, a flag or
    /// a letter with combining accents is one), followed by `...` when `text` is longer.
    /// It reads at most `length + 1` characters, however long `text` is.
    ///
    /// ```sql
    /// SELECT text_preview('Héllo 👋🏽 world', 7); -- 'Héllo 👋🏽...'
    /// ```
    public static func preview(_ text: String, length: Int) -> String {
        var end = text.startIndex
        var count = 0
        while count < length, end < text.endIndex {
            end = text.index(after: end)
            count += 1
        }
        return end == text.endIndex ? text : text[..<end] + "..."
    }
}
