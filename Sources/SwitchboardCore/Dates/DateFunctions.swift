extension Registry {
    static let dateFunctions: [FunctionSpec] = []
}
