/// The one list of Switchboard's SQL functions.
///
/// The loadable extension registers from it, the CLI registers the same functions
/// in-process, and `switchboard functions` and docs/functions.md's reference print it.
public enum Registry {
    /// Every registration, in the order of docs/functions.md's function reference.
    public static let functions: [FunctionSpec] =
        templateFunctions + dateFunctions + labelFunctions + sentimentFunctions + routeFunctions + textFunctions
        + searchFunctions + infoFunctions

    /// The registration of `name` with `arity` arguments, if there is one.
    ///
    /// ```swift
    /// Registry.function("sentiment_label", arity: 1)?.call([.text("positive")]) // .text("👍 Positive")
    /// ```
    public static func function(_ name: String, arity: Int) -> FunctionSpec? {
        functions.first { $0.name == name && $0.arity == arity }
    }
}
