import Foundation
import Testing

@testable import SwitchboardInput

/// ``ByteSource``: bytes, the line number and the count consumed, through its 64 KiB buffer, from a
/// file or a pipe; a read error ends the input and is kept.
@Suite struct ByteSourceTests {
    /// Every byte of the source, consumed one by one.
    static func drain(_ source: ByteSource) -> [UInt8] {
        var bytes: [UInt8] = []
        while let byte = source.next() { bytes.append(byte) }
        return bytes
    }

    @Test(arguments: [Feed.Channel.file, .pipe(chunk: 1), .pipe(chunk: 3)])
    func linesAndConsumedCountEveryLF(channel: Feed.Channel) {
        let text = Array("a\nb\r\n\n\rc".utf8)
        Feed.withSource(text, via: channel) { source in
            #expect(source.line == 1 && source.consumed == 0)
            #expect(source.peek() == UInt8(ascii: "a"))
            #expect(source.peek() == UInt8(ascii: "a") && source.consumed == 0, "peek consumes nothing")
            var lines: [Int] = []
            while source.next() != nil { lines.append(source.line) }
            // The line of the next byte: LF moves it on, CR does not.
            #expect(lines == [1, 2, 2, 2, 3, 4, 4, 4])
            #expect(source.consumed == text.count)
            #expect(source.next() == nil && source.peek() == nil)
            #expect(source.readError == nil)
        }
    }

    @Test func emptyInput() {
        Feed.withSource([]) { source in
            #expect(source.peek() == nil && source.next() == nil && source.skipSpace() == nil)
            #expect(source.line == 1 && source.consumed == 0 && source.readError == nil)
        }
    }

    /// `take` consumes only what is buffered: 64 KiB from a file, then the rest with the next read.
    @Test func takeStopsAtTheBufferBoundary() {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 70_000)
        bytes[65_535] = 0x0A
        bytes[65_536] = 0x0A
        Feed.withSource(bytes) { source in
            var kept: [UInt8] = []
            source.take(into: &kept, keep: true) { _ in true }
            #expect(kept.count == 65_536 && source.consumed == 65_536)
            #expect(source.line == 2, "the LF at the buffer's last byte counts")
            source.take(into: &kept, keep: false) { _ in true }
            #expect(kept.count == 65_536 && source.consumed == 70_000, "keep: false drops the bytes")
            #expect(source.line == 3)
            source.take(into: &kept, keep: true) { _ in true }
            #expect(kept.count == 65_536 && source.consumed == 70_000, "nothing left")
        }
    }

    @Test func takeStopsAtTheFirstByteThatIsNotPlain() {
        Feed.withSource(Array("abc,def".utf8)) { source in
            var kept: [UInt8] = []
            source.take(into: &kept, keep: true) { $0 != UInt8(ascii: ",") }
            #expect(kept == Array("abc".utf8) && source.consumed == 3 && source.peek() == UInt8(ascii: ","))
        }
    }

    /// A text crossing the 64 KiB boundary, read whole through either channel, with its lines.
    @Test(arguments: [Feed.Channel.file, .pipe(chunk: 65_535), .pipe(chunk: 4_096)])
    func bytesAcrossTheBoundaryArriveInOrder(channel: Feed.Channel) {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        Feed.withSource(bytes, via: channel) { source in
            #expect(Self.drain(source) == bytes)
            #expect(source.consumed == 200_000)
            #expect(source.line == 1 + bytes.filter { $0 == 0x0A }.count)
        }
    }

    @Test func skipLineConsumesThroughTheLFAcrossTheBoundary() {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 65_540) + Array("\nnext".utf8)
        Feed.withSource(bytes) { source in
            source.skipLine()
            #expect(source.consumed == 65_541 && source.line == 2 && source.next() == UInt8(ascii: "n"))
        }
        Feed.withSource(Array("no line feed".utf8)) { source in
            source.skipLine()
            #expect(source.next() == nil && source.line == 1)
        }
    }

    @Test func skipSpaceSkipsSpaceTabCRAndLF() {
        Feed.withSource(Array(" \t\r\n \nx ".utf8)) { source in
            #expect(source.skipSpace() == UInt8(ascii: "x"))
            #expect(source.consumed == 6 && source.line == 3)
        }
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() {
        Feed.withSource([0xEF, 0xBB, 0xBF, UInt8(ascii: "x")]) { source in
            source.skipBOM()
            #expect(source.consumed == 3 && source.next() == UInt8(ascii: "x"))
        }
        Feed.withSource([UInt8(ascii: "x"), 0xEF, 0xBB, 0xBF]) { source in
            _ = source.next()
            source.skipBOM()
            #expect(source.consumed == 1 && source.next() == 0xEF)
        }
        // A partial mark goes as far as it matches.
        Feed.withSource([0xEF, 0xBB, UInt8(ascii: "x")]) { source in
            source.skipBOM()
            #expect(source.consumed == 2 && source.next() == UInt8(ascii: "x"))
        }
    }

    @Test func aReadErrorEndsTheInputAndIsKept() throws {
        try Feed.withFailingSource { source in
            #expect(source.next() == nil)
            #expect(source.readError == "Is a directory")
            #expect(source.peek() == nil, "the end is final: no second read")
        }

        let closed = ByteSource(fd: -1)
        #expect(closed.peek() == nil && closed.readError == "Bad file descriptor")
    }
}

extension Feed.Channel: CustomTestStringConvertible {
    var testDescription: String {
        switch self {
        case .file: return "file"
        case .pipe(let chunk): return "pipe, \(chunk)-byte writes"
        }
    }
}
