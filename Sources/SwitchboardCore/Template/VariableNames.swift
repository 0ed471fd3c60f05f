/// `template_variables`' result, written while ``MustacheParser`` reads the template: the JSON array
/// of the distinct names of interpolation, section and inverted-section tags, dotted names in full,
/// in order of first use (`.` left out). No node and no `String` per name is kept: only the array
/// itself and a hash table of 4-byte offsets into it, which finds a name written already. As soon as
/// the two together would pass `limit` bytes it throws ``MustacheError/tooBig``.
///
/// ```sql
/// SELECT template_variables('{{a}}{{^b}}{{a}}{{/b}}{{! c }}'); -- '["a","b"]'
/// ```
struct VariableNames: MustacheEvents {
    /// The most bytes the array and its table may hold.
    let limit: Int
    /// The array so far, without its closing `]`.
    private var json: [UInt8] = [UInt8(ascii: "[")]
    /// Open addressing, at most half full: 0 is an empty slot, else 1 + the offset in `json` of a
    /// name's opening quote.
    private var slots = [UInt32](repeating: 0, count: 16)
    private var count = 0
    /// The name being looked up, as it would be written: quoted and escaped.
    private var candidate: [UInt8] = []

    /// An empty array that may grow to `limit` bytes.
    init(limit: Int) { self.limit = limit }

    mutating func text(_ range: Range<Int>) {}
    mutating func variable(_ name: MustacheName, escaped: Bool) throws(MustacheError) { try add(name) }
    mutating func partial(_ name: MustacheName, indentation: Range<Int>) {}
    mutating func openSection(_ name: MustacheName, inverted: Bool) throws(MustacheError) { try add(name) }
    mutating func closeSection() {}

    /// The JSON array, closed.
    consuming func finish() -> String {
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// Writes `name` unless it is `.` or written already.
    private mutating func add(_ name: MustacheName) throws(MustacheError) {
        guard !name.isImplicit else { return }
        candidate.removeAll(keepingCapacity: true)
        candidate.append(UInt8(ascii: "\""))
        for byte in name.text.utf8 { JSONWriter.escape(byte) { candidate.append($0) } }
        candidate.append(UInt8(ascii: "\""))
        var slot = Self.hash(candidate[...]) & (slots.count - 1)
        while slots[slot] != 0 {
            let start = Int(slots[slot]) - 1
            if json.count - start >= candidate.count && json[start..<(start + candidate.count)].elementsEqual(candidate) { return }
            slot = (slot + 1) & (slots.count - 1)
        }
        let start = json.count + (count > 0 ? 1 : 0)
        let tableBytes = slots.count * MemoryLayout<UInt32>.stride * (count + 1 > slots.count / 2 ? 3 : 1)
        guard start + candidate.count + tableBytes <= limit, start < Int(UInt32.max) else { throw .tooBig }
        if count > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: candidate)
        slots[slot] = UInt32(start + 1)
        count += 1
        if count > slots.count / 2 { grow() }
    }

    /// Doubles the table, placing every name again.
    private mutating func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        for entry in slots where entry != 0 {
            let start = Int(entry) - 1
            var slot = Self.hash(json[start..<Self.end(ofStringAt: start, in: json)]) & (larger.count - 1)
            while larger[slot] != 0 { slot = (slot + 1) & (larger.count - 1) }
            larger[slot] = entry
        }
        slots = larger
    }

    /// The offset just past the closing quote of the JSON string that opens at `start`.
    private static func end(ofStringAt start: Int, in json: [UInt8]) -> Int {
        var index = start + 1
        while json[index] != UInt8(ascii: "\"") { index += json[index] == UInt8(ascii: "\\") ? 2 : 1 }
        return index + 1
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
