import SwitchboardCore
import SwitchboardInput

#if canImport(Glibc)
    import Glibc
#endif

/// The `sync`/`import` readers on fuzz input: the bytes go through a pipe into a ``ByteSource``
/// and a ``RecordReader`` of one format reads every record, exactly as the CLI reads a file or a
/// command's output.
///
/// Promises checked: each record says where it was (`line N` or `record N`), its JSON text (what
/// `--reject` writes) is an object that the core ``JSONParser`` reads back to the same fields (the
/// streaming reader and the core parser agree), and reading ends: never more records than input bytes.
enum RecordReaderFuzz {
    /// The most input a run reads; a pipe holds this much without a reader, so one thread can
    /// write it all before reading. libFuzzer's inputs (`-max_len=4096`) are far smaller.
    static let maxInput = 60 * 1024

    static func run(_ bytes: [UInt8], format: InputFormat) -> [String] {
        let input = bytes.prefix(maxInput)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return [] }
        let written = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        guard written == input.count else { return ["wrote \(written) of \(input.count) bytes to the pipe"] }

        let reader = RecordReader(source: ByteSource(fd: ends[0]), format: format)
        var problems: [String] = []
        var count = 0
        do {
            while let record = try reader.next() {
                count += 1
                if count > input.count + 1 {
                    problems.append("\(count) records from \(input.count) bytes: reading does not end")
                    break
                }
                if !(record.location.hasPrefix("line ") || record.location.hasPrefix("record ")) {
                    problems.append("record \(count) is located as '\(record.location)'")
                }
                let json = record.jsonText
                guard case .success(.object(let members)) = JSONParser.parse(json) else {
                    problems.append("record \(count) reads back as '\(json.prefix(80))', not an object")
                    continue
                }
                if members != record.fields {
                    problems.append("record \(count) reads back through the core parser as other fields: '\(json.prefix(80))'")
                }
            }
        } catch let error as InputSyntaxError {
            if error.message.isEmpty { problems.append("a syntax error without a message") }
        } catch {
            // Another kind of refusal (a limit, say) is as fine as a syntax error.
        }
        if reader.format == .auto && count > 0 { problems.append("records read in format auto") }
        return problems
    }
}
