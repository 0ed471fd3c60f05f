extension Registry {
    static let textFunctions: [FunctionSpec] = []
}
