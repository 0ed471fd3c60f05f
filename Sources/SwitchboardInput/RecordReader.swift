import SwitchboardCore

/// The input formats of `sync` and `import`.
public enum InputFormat: String, Sendable, CaseIterable {
    /// Detected from the first bytes: `[` a JSON array, `{"success":…` or `{"data":…` the API
    /// envelope, another `{` NDJSON, anything else CSV with a header row.
    case auto
    /// A JSON array of objects.
    case json
    /// `{"success":true,"data":[...]}`.
    case envelope
    /// One JSON object per line.
    case ndjson
    /// CSV (RFC 4180) with a header row.
    case csv
}

/// Streams records out of any input format, one at a time: memory holds one record, however
/// large the input (JSON arrays included, which are read element by element).
///
/// Locations: `record N` (1-based) in a JSON array or envelope, `line N` in NDJSON and CSV.
/// A malformed NDJSON line is returned with a `problem` and reading goes on; malformed JSON in
/// an array, or an envelope with `"success":false`, throws ``InputSyntaxError``. A record that
/// is well-formed but cannot be stored (text that is not UTF-8, a number beyond 64 bits, more
/// than ``InputLimits/recordBytes``) comes with a `problem` and no fields, in every format.
///
/// ```swift
/// let reader = try RecordReader(source: ByteSource(fd: fd), format: .auto)
/// while let record = try reader.next() { ... }
/// ```
public final class RecordReader {
    public let source: ByteSource
    /// The format read (never `.auto` once the first record was asked for).
    public private(set) var format: InputFormat
    /// The CSV header, when the input is CSV.
    public private(set) var csvHeader: [String]?
    private var started = false
    private var finished = false
    private var index = 0
    private var pending: InputRecord?
    private var inEnvelopeData = false
    private var envelopeFields: [JSONMember] = []
    private let json: StreamingJSON

    public init(source: ByteSource, format: InputFormat = .auto) {
        self.source = source
        self.format = format
        json = StreamingJSON(source: source)
    }

    /// The record read since `json.beginRecord()`, or its problem in its place.
    private func record(_ fields: [JSONMember], _ location: String) -> InputRecord {
        guard let problem = json.recordProblem else { return InputRecord(fields: fields, location: location) }
        return InputRecord(fields: [], location: location, problem: problem)
    }

    /// The next record, or nil at the end of the input.
    public func next() throws -> InputRecord? {
        if !started { try start() }
        if let record = pending {
            pending = nil
            return record
        }
        if finished { return nil }
        switch format {
        case .json, .envelope: return try nextArrayElement()
        case .ndjson: return nextLine()
        case .csv: return try nextCSVRecord()
        case .auto: return nil
        }
    }

    private func start() throws {
        started = true
        source.skipBOM()
        let first = source.skipSpace()
        if format == .auto {
            guard let first else {
                finished = true
                format = .ndjson
                return
            }
            switch first {
            case UInt8(ascii: "["): format = .json
            case UInt8(ascii: "{"): format = .ndjson  // or the envelope: decided by the first key below
            default: format = .csv
            }
        }
        switch format {
        case .json:
            guard source.skipSpace() == UInt8(ascii: "[") else {
                throw InputSyntaxError(message: "line \(source.line): the input is not a JSON array")
            }
            _ = source.next()
            try openArray()
        case .envelope, .ndjson:
            guard let byte = source.skipSpace() else {
                finished = true
                return
            }
            guard byte == UInt8(ascii: "{") else {
                throw InputSyntaxError(message: "line \(source.line): expected a JSON object")
            }
            let line = source.line
            json.beginRecord()
            _ = source.next()
            if source.skipSpace() == UInt8(ascii: "}") {
                _ = source.next()
                var empty = InputRecord(fields: [], location: "line \(line)")
                finishLine(for: &empty)
                pending = empty
                return
            }
            guard source.skipSpace() == UInt8(ascii: "\"") else {
                throw InputSyntaxError(message: "line \(source.line): invalid JSON: expected a key")
            }
            let key = try json.string(isKey: true)
            if key == "success" || key == "data" || format == .envelope {
                format = .envelope
                try readEnvelope(firstKey: key)
            } else {
                do {
                    var first = record(try json.objectMembers(depth: 1, first: key), "line \(line)")
                    finishLine(for: &first)
                    pending = first
                } catch let error as InputSyntaxError {
                    skipRestOfLine(from: line)
                    pending = InputRecord(fields: [], location: "line \(line)", problem: problemText(error))
                }
            }
        case .csv:
            guard let row = try readCSVRow() else {
                finished = true
                csvHeader = []
                return
            }
            if let overflow = row.overflow { throw InputSyntaxError(message: "line 1: CSV header: \(overflow)") }
            csvHeader = try row.cells.enumerated().map { position, cell in
                guard let cell else { return "" }
                guard let name = String(validating: cell, as: UTF8.self) else {
                    throw InputSyntaxError(message: "line 1: CSV header field \(position + 1) is not valid UTF-8")
                }
                return name
            }
            // A repeated name would keep one column's values and silently drop the other's.
            var seen: [String: Int] = [:]
            for (position, name) in (csvHeader ?? []).enumerated() where !name.isEmpty {
                if let first = seen[name] {
                    throw InputSyntaxError(message: "line 1: the CSV header names \(name) twice (fields \(first + 1) and \(position + 1))")
                }
                seen[name] = position
            }
        case .auto:
            break
        }
    }

    private func problemText(_ error: InputSyntaxError) -> String {
        // Drop the "line N: " prefix; the record's location says it.
        if let colon = error.message.firstIndex(of: ":"), error.message.hasPrefix("line ") {
            return String(error.message[error.message.index(after: colon)...]).trimmingLeadingSpace()
        }
        return error.message
    }

    // MARK: JSON arrays and the envelope

    /// After `[`: notes an empty array.
    private func openArray() throws {
        if source.skipSpace() == UInt8(ascii: "]") {
            _ = source.next()
            try closeTopLevel()
        }
    }

    private func closeTopLevel() throws {
        if inEnvelopeData {
            inEnvelopeData = false
            // The members after "data".
            switch source.skipSpace() {
            case UInt8(ascii: ","):
                _ = source.next()
                guard source.skipSpace() == UInt8(ascii: "\"") else { throw json.error("expected a key") }
                json.beginRecord()
                let key = try json.string(isKey: true)
                let rest = try json.objectMembers(depth: 1, first: key)
                try checkEnvelopeMember()
                envelopeFields += rest.filter { RecordReader.envelopeKeys.contains($0.key) }
                try checkEnvelopeSuccess()
            case UInt8(ascii: "}"): _ = source.next()
            default: throw json.error("expected ',' or '}'\(json.found())")
            }
        }
        finished = true
        if let extra = source.skipSpace() {
            _ = extra
            throw InputSyntaxError(message: "line \(source.line): invalid JSON: text after the end of the input's value")
        }
    }

    private func readEnvelope(firstKey: String) throws {
        var key: String? = firstKey
        while let current = key {
            key = nil
            try json.expect(UInt8(ascii: ":"), "':'")
            if current == "data" && source.skipSpace() == UInt8(ascii: "[") {
                try checkEnvelopeSuccess()
                _ = source.next()
                inEnvelopeData = true
                try openArray()
                return
            }
            json.beginRecord()
            let value = try json.value(depth: 1)
            if current == "data" {
                // A single object as data: one record. Anything else would silently sync nothing.
                guard case .object(let fields) = value else {
                    throw InputSyntaxError(message: "line \(source.line): the envelope's \"data\" is \(value.kindName), not an array of records")
                }
                pending = record(fields, "record 1")
            } else {
                try checkEnvelopeMember()
            }
            // Only what the envelope's end needs is kept, so memory holds one member at a time however
            // many come before "data".
            if RecordReader.envelopeKeys.contains(current) {
                envelopeFields.append(JSONMember(key: current, value: current == "data" ? .null : value))
            }
            switch source.skipSpace() {
            case UInt8(ascii: ","):
                _ = source.next()
                guard source.skipSpace() == UInt8(ascii: "\"") else { throw json.error("expected a key") }
                key = try json.string(isKey: true)
            case UInt8(ascii: "}"):
                _ = source.next()
            default:
                throw json.error("expected ',' or '}'\(json.found())")
            }
        }
        try checkEnvelopeSuccess()
        if !envelopeFields.contains(where: { $0.key == "data" }) {
            throw InputSyntaxError(message: "the envelope has no \"data\" array")
        }
        finished = true
    }

    /// The envelope's members that its reading needs: whether it succeeded, why not, and that it has data.
    static let envelopeKeys: Set<String> = ["success", "error", "message", "data"]

    /// An envelope member beside `data` over the size limit fails the input (it is no record to skip).
    private func checkEnvelopeMember() throws {
        if json.overflowed {
            throw InputSyntaxError(
                message: "line \(source.line): a member of the envelope beside \"data\" is over the limits for one record "
                    + "(\(InputLimits.recordBytes >> 20) MiB, \(InputLimits.recordValues) JSON values)")
        }
    }

    private func checkEnvelopeSuccess() throws {
        guard let success = envelopeFields.first(where: { $0.key == "success" })?.value else { return }
        if success == .bool(false) {
            let reason = envelopeFields.first { $0.key == "error" || $0.key == "message" }?.value.displayText
            if let reason, SourceRateLimited.names(reason) { throw SourceRateLimited(reason: "the input says: \(reason)") }
            throw InputSyntaxError(message: "the input says \"success\":false" + (reason.map { ": \($0)" } ?? ""))
        }
    }

    private func nextArrayElement() throws -> InputRecord? {
        index += 1
        let location = "record \(index)"
        json.beginRecord()
        let value = try json.value(depth: 1)
        switch source.skipSpace() {
        case UInt8(ascii: ","): _ = source.next()
        case UInt8(ascii: "]"):
            _ = source.next()
            try closeTopLevel()
        default: throw json.error("expected ',' or ']'\(json.found())")
        }
        guard case .object(let fields) = value else {
            return InputRecord(fields: [], location: location, problem: json.recordProblem ?? "not a JSON object")
        }
        return record(fields, location)
    }

    // MARK: NDJSON

    private func nextLine() -> InputRecord? {
        guard let byte = source.skipSpace() else {
            finished = true
            return nil
        }
        let line = source.line
        guard byte == UInt8(ascii: "{") else {
            skipRestOfLine(from: line)
            return InputRecord(fields: [], location: "line \(line)", problem: "not a JSON object")
        }
        do {
            json.beginRecord()
            guard case .object(let fields) = try json.value(depth: 0) else { return nil }
            var read = record(fields, "line \(line)")
            finishLine(for: &read)
            return read
        } catch let error as InputSyntaxError {
            skipRestOfLine(from: line)
            return InputRecord(fields: [], location: "line \(line)", problem: problemText(error))
        } catch {
            return nil
        }
    }

    /// After an NDJSON record: only spaces may follow on its line.
    private func finishLine(for record: inout InputRecord) {
        let line = source.line
        while let byte = source.peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D { _ = source.next() }
        if let byte = source.peek(), byte != 0x0A, source.line == line {
            record.problem = "invalid JSON: text after the object"
            record.fields = []
            skipRestOfLine(from: line)
        }
    }

    private func skipRestOfLine(from line: Int) {
        if source.line == line { source.skipLine() }
    }

    // MARK: CSV

    private func nextCSVRecord() throws -> InputRecord? {
        // Skip blank lines.
        while let byte = source.peek(), byte == 0x0A || byte == 0x0D { _ = source.next() }
        let line = source.line
        guard let row = try readCSVRow() else {
            finished = true
            return nil
        }
        let location = "line \(line)"
        if let overflow = row.overflow { return InputRecord(fields: [], location: location, problem: overflow) }
        let header = csvHeader ?? []
        var cells: [String?] = []
        for (position, bytes) in row.cells.enumerated() {
            guard let bytes else {
                cells.append(nil)
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let name = position < header.count && !header[position].isEmpty ? header[position] : "field \(position + 1)"
                return InputRecord(fields: [], location: location, problem: "\(name) is not valid UTF-8")
            }
            cells.append(text)
        }
        var fields: [JSONMember] = []
        for (position, name) in header.enumerated() where !name.isEmpty {
            let cell = position < cells.count ? cells[position] : nil
            fields.append(JSONMember(key: name, value: cell.map { JSONValue.string($0) } ?? .null))
        }
        if cells.count > header.count {
            return InputRecord(fields: fields, location: location, problem: "\(cells.count) fields, the header has \(header.count)")
        }
        return InputRecord(fields: fields, location: location)
    }

    /// One CSV row as read: its cells' bytes (nil for an empty unquoted field), and the limit it
    /// passed, if it did: ``InputLimits/recordBytes``, or ``InputLimits/recordValues`` cells
    /// (then its content was dropped as it was read).
    private struct CSVRow {
        var cells: [[UInt8]?] = []
        var overflow: String?
        var overflowed: Bool { overflow != nil }

        mutating func drop(_ reason: String) {
            overflow = reason
            cells = []
        }
    }

    /// One CSV row (RFC 4180: commas, quotes doubled inside quoted fields, LF or CRLF, a line
    /// break inside quotes kept in the value). Nil at the end of the input.
    private func readCSVRow() throws -> CSVRow? {
        guard source.peek() != nil else { return nil }
        var row = CSVRow()
        var field: [UInt8] = []
        var quoted = false
        var atFieldStart = true
        let startLine = source.line
        let start = source.consumed
        func checkSize() {
            if !row.overflowed && source.consumed - start > InputLimits.recordBytes {
                row.drop(InputLimits.oversizeReason)
                field = []
            }
        }
        func next() -> UInt8? {
            checkSize()
            return source.next()
        }
        func append(_ byte: UInt8) {
            atFieldStart = false
            if !row.overflowed { field.append(byte) }
        }
        /// The rest of a run of plain bytes, in bulk.
        func appendRun(_ plain: (UInt8) -> Bool) {
            checkSize()
            source.take(into: &field, keep: !row.overflowed, while: plain)
        }
        func endField() {
            if !row.overflowed { row.cells.append(quoted || !field.isEmpty ? field : nil) }
            if row.cells.count > InputLimits.recordValues { row.drop(InputLimits.tooManyFieldsReason) }
            field.removeAll(keepingCapacity: true)
            quoted = false
            atFieldStart = true
        }
        while true {
            guard let byte = next() else {
                endField()
                return row
            }
            switch byte {
            case UInt8(ascii: "\"") where atFieldStart:
                quoted = true
                atFieldStart = false
                while true {
                    guard let inner = next() else {
                        throw InputSyntaxError(message: "line \(startLine): CSV: unterminated quoted field")
                    }
                    if inner == UInt8(ascii: "\"") {
                        if source.peek() == UInt8(ascii: "\"") {
                            _ = next()
                            append(inner)
                        } else {
                            break
                        }
                    } else {
                        append(inner)
                        appendRun { $0 != UInt8(ascii: "\"") }
                    }
                }
            case UInt8(ascii: ","):
                endField()
            case 0x0D where source.peek() == 0x0A || source.peek() == nil:
                continue
            case 0x0A:
                endField()
                return row
            default:
                append(byte)
                appendRun { $0 != UInt8(ascii: ",") && $0 != 0x0A && $0 != 0x0D }
            }
        }
    }
}

extension String {
    func trimmingLeadingSpace() -> String { String(drop { $0 == " " }) }
}
