import SwitchboardOutput
import Testing

/// Another program's output made safe to print: escape sequences removed whole, other controls dropped.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "red"),  // colour (CSI)
        ("\u{1B}[2J\u{1B}[H", ""),  // clear screen, cursor home
        ("\u{1B}]0;title\u{07}after", "after"),  // window title (OSC ended by BEL)
        ("\u{1B}]8;;http://x\u{1B}\\link", "link"),  // hyperlink (OSC ended by ST)
        ("\u{9B}1mbold", "bold"),  // C1 CSI
        ("a\u{1B}7b", "ab"),  // two-character escape
        ("line 1\r\nline\t2\u{07}\n", "line 1\nline\t2\n"),  // CR and BEL dropped, LF and tab kept
        ("\u{1B}[", ""),  // cut short
    ])
    func escapesAreRemoved(text: String, expected: String) {
        #expect(TerminalText.withoutEscapes(text) == expected)
    }
}
