/// The registrations pinned by ``ExtensionTests/registersExactlyTheseFunctions()``, sorted.
enum ExpectedRegistrations {
    static let lines: [Substring] = [
        "count_badge/1/0x200801",
        "sentiment_label/1/0x200801",
        "sentiment_label/2/0x200801",
        "switchboard_debug/0/0x200001",
        "switchboard_version/0/0x200801",
    ]
}
