import Testing

@Test func SwitchboardDBTestsPlaceholder() {}
