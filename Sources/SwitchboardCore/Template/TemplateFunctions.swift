extension Registry {
    static let templateFunctions: [FunctionSpec] = []
}
