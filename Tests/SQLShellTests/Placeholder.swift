import Testing

@Test func SQLShellTestsPlaceholder() {}
