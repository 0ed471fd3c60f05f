/// The sentiment classifier's lexicon: data compiled into the core, written for Switchboard
/// (coach and program posts on Twitter/Instagram), not taken from another project.
///
/// To extend it, add a row to the table it belongs in and run the tests
/// (`swift test --filter Sentiment`): they recompute the labelled set's accuracy
/// (`Tests/data/sentiment_labelled.tsv`) and fail if it drops below the floor.
/// - ``valence``: a lowercase word or phrase (words separated by one space, up to
///   ``maxPhraseWords``; write `let's` with a plain apostrophe, and hyphenated words as separate
///   words: `season ending`) and a weight, about -4 (worst) to +4 (best). Phrases beat their words:
///   `blessed to receive` is matched before `blessed`. Words are matched after lowercasing, so
///   `LFG` is `lfg`.
/// - ``modifiers``: intensifiers (> 1) and dampeners (< 1) that scale the next valence entry.
/// - ``negators``: words that flip the valence after them (any word ending in `n't` already does).
/// - ``emoji``: one Unicode scalar (no variation selector) and a weight.
public enum SentimentLexicon {
    /// What a word or phrase does.
    public enum Entry: Equatable, Sendable {
        /// Adds its weight (scaled by the rules) to the sum.
        case valence(Double)
        /// Scales the next valence entry in the same clause.
        case intensifier(Double)
        /// Flips and weakens a valence entry up to three entries later in the same clause.
        case negator
        /// `but`: what comes before counts less, what follows more.
        case contrast
    }

    /// Words and phrases with a weight, about -4…+4.
    public static let valence: [(String, Double)] = [
        // Recruiting: offers, commitments, visits, signing.
        ("offer", 2.0), ("offers", 1.5), ("offered", 2.0), ("re offered", 2.0),
        ("received an offer", 3.5), ("receive an offer", 3.5), ("earned an offer", 3.5),
        ("blessed to receive", 3.5), ("blessed to have received", 3.5), ("blessed to announce", 3.5),
        ("extended an offer", 3.0), ("committed", 3.0), ("commit", 2.0), ("commits", 2.0),
        ("commitment", 2.0), ("verbally committed", 3.5), ("100 committed", 3.5),
        ("signed", 1.5), ("signing day", 2.0), ("signee", 1.5), ("signees", 1.5),
        ("official visit", 1.5), ("unofficial visit", 1.0), ("camp invite", 1.5),
        ("invite", 1.0), ("invited", 1.5), ("scholarship", 1.5), ("full ride", 2.0),
        ("preferred walk on", 1.5), ("pwo", 1.5), ("dream school", 2.5), ("dream come true", 3.5),
        ("dream", 1.5), ("dreams", 1.5), ("welcome to the family", 3.0), ("agtg", 2.0),
        ("go dawgs", 1.5), ("next level", 1.0), ("opportunity", 1.5), ("opportunities", 1.5),
        ("decommit", -2.5), ("decommitted", -3.0), ("decommitting", -3.0), ("decommitment", -3.0),
        ("de commit", -2.5), ("de committed", -3.0), ("reopen my recruitment", -1.5),
        ("reopening my recruitment", -1.5), ("rescinded", -2.5), ("pulled the offer", -3.0),
        ("pulled my offer", -3.0), ("no longer committed", -3.0), ("no longer recruiting", -2.0),
        // Games and results.
        ("win", 2.0), ("wins", 2.0), ("won", 2.0), ("winning", 1.5), ("w", 1.5), ("dub", 1.5),
        ("victory", 2.5), ("champions", 3.0), ("champs", 3.0), ("championship", 2.0),
        ("undefeated", 2.5), ("shutout", 1.5), ("comeback", 1.5), ("clinched", 2.5), ("clinch", 2.0),
        ("upset win", 3.0), ("walk off", 2.0), ("walkoff", 2.0), ("hat trick", 2.0),
        ("advance", 1.0), ("advances", 1.0), ("advancing", 1.0), ("qualified", 1.5),
        ("dominant", 2.0), ("dominated", 2.0), ("domination", 2.0), ("clutch", 2.0),
        ("loss", -2.0), ("losses", -2.0), ("lost", -2.0), ("lose", -1.5), ("losing", -1.5), ("l", -1.5),
        ("defeat", -2.0), ("fell", -1.5), ("fell short", -2.5), ("fall short", -2.5), ("came up short", -2.5),
        ("tough loss", -3.0), ("tough one", -1.5), ("tough night", -2.0), ("not our night", -2.5),
        ("not our day", -2.5), ("not the result", -2.5), ("not the outcome", -2.5),
        ("didn't go our way", -2.5), ("did not go our way", -2.5), ("eliminated", -2.5),
        ("blown lead", -2.5), ("blew", -1.5), ("collapse", -2.0), ("swept", -1.0),
        ("heartbreaker", -3.0), ("upset", -1.0), ("mistakes", -1.5), ("turnovers", -1.0),
        ("penalties", -1.0), ("sloppy", -2.0), ("missed", -1.0), ("missed opportunities", -2.5),
        ("back to the drawing board", -1.5),
        // Injuries, health, bad news.
        ("injury", -2.0), ("injuries", -2.0), ("injured", -2.0), ("hurt", -2.0), ("hurts", -2.0),
        ("torn", -2.5), ("torn acl", -3.5), ("surgery", -1.5), ("out for the season", -3.5),
        ("season ending", -3.5), ("sidelined", -2.0), ("concussion", -2.0), ("broken", -2.0),
        ("fracture", -2.0), ("fractured", -2.0), ("sprain", -1.5), ("sprained", -1.5),
        ("banged up", -1.5), ("ruled out", -2.0), ("out indefinitely", -2.5), ("setback", -2.0),
        ("pain", -2.0), ("painful", -2.0), ("rip", -2.5), ("passed away", -3.5), ("condolences", -2.0),
        ("prayers up", -1.5), ("suspended", -2.0), ("suspension", -2.0), ("ejected", -2.0),
        ("recovered", 1.5), ("recovery", 0.5), ("cleared", 1.5), ("healthy", 1.5),
        ("back on the field", 2.0), ("back on the court", 2.0),
        // Feelings and judgements.
        ("proud", 2.5), ("prouder", 3.0), ("excited", 2.5), ("exciting", 2.0), ("thrilled", 3.0),
        ("pumped", 2.0), ("fired up", 2.5), ("grateful", 2.0), ("thankful", 2.0), ("thank", 1.0),
        ("thanks", 1.0), ("appreciate", 1.5), ("appreciated", 1.5), ("blessed", 2.5),
        ("blessing", 2.0), ("humbled", 2.0), ("honored", 2.5), ("honor", 2.0), ("privilege", 2.0),
        ("congrats", 2.0), ("congratulations", 2.0), ("amazing", 3.0), ("awesome", 2.5),
        ("great", 2.0), ("good", 1.5), ("nice", 1.5), ("love", 2.5), ("loved", 2.5), ("loving", 2.0),
        ("incredible", 3.0), ("outstanding", 3.0), ("fantastic", 3.0), ("excellent", 3.0),
        ("phenomenal", 3.0), ("unbelievable", 2.5), ("unreal", 2.5), ("elite", 2.0), ("special", 2.0),
        ("huge", 1.5), ("best", 2.0), ("better", 1.0), ("improve", 1.0), ("improved", 1.5),
        ("improving", 1.0), ("strong", 1.5), ("stronger", 1.5), ("gritty", 1.5), ("grit", 1.0),
        ("heart", 1.0), ("perfect", 2.5), ("beautiful", 2.0), ("impressive", 2.5), ("impressed", 2.0),
        ("solid", 1.0), ("happy", 2.5), ("glad", 1.5), ("fun", 1.5), ("enjoyed", 2.0), ("enjoy", 1.5),
        ("welcome", 1.0), ("success", 2.0), ("successful", 2.0), ("talented", 2.0), ("hard working", 1.5),
        ("hardworking", 1.5), ("hard work", 1.5), ("well deserved", 2.5), ("deserved", 1.5),
        ("earned it", 2.0), ("milestone", 1.5), ("record breaking", 2.5), ("broke the record", 2.5),
        ("school record", 2.0), ("personal best", 2.0), ("all state", 1.5), ("all conference", 1.5),
        ("all american", 2.0), ("mvp", 2.0), ("player of the week", 2.0), ("player of the year", 2.5),
        ("can't wait", 2.5), ("cannot wait", 2.5), ("cant wait", 2.5), ("looking forward", 1.5),
        ("let's go", 2.0), ("lets go", 2.0), ("lfg", 2.5), ("yessir", 2.0), ("yes", 1.0), ("wow", 1.5),
        ("legend", 2.0), ("goat", 1.5), ("stud", 1.5), ("baller", 1.5), ("beast", 1.5),
        ("big time", 1.5), ("rewarded", 1.5), ("bright future", 2.5), ("win win", 2.0),
        ("shoutout", 1.0), ("shout out", 1.0), ("smile", 1.5), ("smiles", 1.5), ("celebrate", 2.0),
        ("celebrating", 2.0), ("fortunate", 2.0), ("lucky", 1.5), ("best of luck", 1.5),
        ("disappointed", -2.5), ("disappointing", -2.5), ("disappointment", -2.5),
        ("frustrated", -2.0), ("frustrating", -2.0), ("heartbreaking", -3.0), ("heartbroken", -3.0),
        ("sad", -2.0), ("sadly", -1.5), ("unfortunately", -1.5), ("unacceptable", -2.5),
        ("terrible", -3.0), ("awful", -3.0), ("bad", -2.0), ("poor", -2.0), ("embarrassing", -2.5),
        ("rough", -1.5), ("brutal", -2.0), ("devastated", -3.0), ("devastating", -3.0),
        ("fail", -2.0), ("failed", -2.0), ("worst", -3.0), ("weak", -1.5), ("angry", -2.5),
        ("mad", -2.0), ("hate", -3.0), ("ugly", -2.0), ("shame", -2.0), ("sorry", -1.0),
        ("regret", -2.0), ("struggle", -1.5), ("struggled", -1.5), ("struggling", -1.5),
        ("wrong", -1.5), ("tough", -0.5), ("difficult", -1.0), ("hard to swallow", -2.5),
        ("gut wrenching", -3.0), ("sick", -1.0), ("worried", -1.5), ("concerned", -1.0),
        ("problem", -1.0), ("issues", -0.5), ("miss out", -1.0), ("well", 1.0), ("acceptable", 1.0),
        ("sharp", 1.5), ("outplayed", -2.0), ("got beat", -2.0), ("disaster", -3.0), ("saddened", -2.5),
        ("rest in peace", -2.0), ("deserve better", -1.5), ("deserved better", -1.5),
        // Logistics words that lean slightly: too weak to move plain notices out of neutral.
        ("cancelled", -0.3), ("canceled", -0.3), ("postponed", -0.3), ("delayed", -0.3),
    ]

    /// Intensifiers (> 1) and dampeners (< 1): multiply the next valence entry.
    public static let modifiers: [(String, Double)] = [
        ("so", 1.3), ("very", 1.3), ("really", 1.3), ("super", 1.3), ("truly", 1.3), ("such", 1.2),
        ("extremely", 1.5), ("incredibly", 1.5), ("absolutely", 1.4), ("beyond", 1.4),
        ("totally", 1.2), ("completely", 1.2), ("insanely", 1.4), ("hugely", 1.4), ("unbelievably", 1.5),
        ("most", 1.2), ("too", 1.1), ("forever", 1.2), ("especially", 1.2),
        ("couldn't be more", 1.6), ("could not be more", 1.6), ("never been more", 1.6),
        ("nothing but", 1.3),
        ("kind of", 0.6), ("kinda", 0.6), ("sort of", 0.6), ("somewhat", 0.6), ("slightly", 0.6),
        ("a little", 0.7), ("a bit", 0.7), ("fairly", 0.8),
    ]

    /// Words that flip what follows them (besides any word ending in `n't`).
    public static let negators: [String] = [
        "not", "no", "zero", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot",
        "dont", "didnt", "doesnt", "isnt", "wasnt", "werent", "wont", "cant", "couldnt", "shouldnt",
        "wouldnt", "arent", "havent", "hasnt", "hadnt", "aint",
    ]

    /// Contrasts: `but`, `however`.
    public static let contrasts: [String] = ["but", "however", "although", "though"]

    /// Emoji (one scalar each; variation selectors, skin tones and ZWJ are skipped) and weights.
    public static let emoji: [(Unicode.Scalar, Double)] = [
        ("🔥", 1.5), ("🎉", 2.0), ("🎊", 2.0), ("🥳", 2.5), ("👍", 1.5), ("👏", 1.5), ("🙌", 2.0),
        ("🙏", 1.0), ("💪", 1.5), ("💯", 1.5), ("❤", 2.0), ("💙", 1.5), ("💚", 1.5), ("💛", 1.5),
        ("💜", 1.5), ("🧡", 1.5), ("🖤", 1.0), ("🤍", 1.5), ("💕", 2.0), ("😀", 1.5), ("😃", 1.5),
        ("😄", 1.5), ("😁", 1.5), ("😊", 1.5), ("🙂", 1.0), ("😍", 2.5), ("🤩", 2.5), ("😎", 1.0),
        ("😂", 1.0), ("🤣", 1.0), ("🏆", 2.0), ("🥇", 2.0), ("🏅", 1.5), ("⭐", 1.0), ("🌟", 1.5),
        ("✨", 1.0), ("🚀", 1.5), ("🐐", 2.0), ("🤝", 1.0), ("✅", 0.5), ("💥", 1.0), ("👑", 1.5),
        ("😡", -2.5), ("😠", -2.5), ("🤬", -3.0), ("😢", -2.0), ("😭", -1.0), ("😞", -2.0),
        ("😔", -2.0), ("💔", -2.5), ("👎", -2.0), ("🤕", -2.0), ("🚑", -1.0), ("😩", -1.5),
        ("😫", -1.5), ("😬", -1.0), ("🙁", -2.0), ("☹", -2.0), ("😕", -1.0), ("🤦", -1.5),
        ("😤", -0.5), ("😓", -1.5), ("😥", -1.5),
    ]

    /// The longest phrase, in words.
    public static let maxPhraseWords = 5

    /// Every word and phrase, by its lowercase text.
    static let entries: [String: Entry] = {
        var entries: [String: Entry] = [:]
        for (text, weight) in valence { entries[text] = .valence(weight) }
        for (text, factor) in modifiers { entries[text] = .intensifier(factor) }
        for text in negators { entries[text] = .negator }
        for text in contrasts { entries[text] = .contrast }
        return entries
    }()

    /// Every word that appears in an entry: elongated words are cut only to one of these.
    static let knownWords: Set<String> = {
        var words: Set<String> = []
        for key in entries.keys {
            for word in key.split(separator: " ") { words.insert(String(word)) }
        }
        return words
    }()

    /// The first words of multi-word entries.
    static let phraseHeads: Set<String> = {
        var heads: Set<String> = []
        for key in entries.keys where key.contains(" ") {
            if let head = key.split(separator: " ").first { heads.insert(String(head)) }
        }
        return heads
    }()

    /// Emoji weights by scalar value.
    static let emojiWeights: [UInt32: Double] = {
        var weights: [UInt32: Double] = [:]
        for (scalar, weight) in emoji { weights[scalar.value] = weight }
        return weights
    }()
}
