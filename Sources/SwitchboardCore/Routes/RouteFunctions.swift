extension Registry {
    static let routeFunctions: [FunctionSpec] = []
}
