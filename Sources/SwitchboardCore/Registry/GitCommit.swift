enum GitCommit { static let value = "unknown" }
