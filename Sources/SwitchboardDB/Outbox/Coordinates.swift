import SwitchboardCore

/// A latitude and longitude for the location line of spec 003 Phase 6.
///
/// Parsed from `LAT,LON`: plain decimals only (an optional sign, digits, an optional fraction; no
/// exponent, no `nan`/`inf`, no spaces inside a number), latitude within ±90, longitude within
/// ±180. Surrounding whitespace (a trailing newline from a GPS tool) is ignored.
///
/// ```swift
/// try Coordinates.parse("37.7749,-122.4194").mapsURL   // "https://maps.google.com/?q=37.7749,-122.4194"
/// try Coordinates.parse("91,0")                        // throws .latitudeOutOfRange
/// ```
public struct Coordinates: Equatable, Sendable {
    public let latitude: Double
    public let longitude: Double

    /// Why a text is not `LAT,LON`.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notAPair
        case notDecimal(String)
        case latitudeOutOfRange
        case longitudeOutOfRange

        public var description: String {
            switch self {
            case .notAPair: return "expected LAT,LON (two decimal numbers separated by a comma)"
            case .notDecimal(let part): return "'\(part)' is not a decimal number"
            case .latitudeOutOfRange: return "latitude must be within -90 and 90"
            case .longitudeOutOfRange: return "longitude must be within -180 and 180"
            }
        }
    }

    /// Parses `LAT,LON`.
    public static func parse(_ text: String) throws(Problem) -> Coordinates {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .notAPair }
        let lat = try decimal(String(parts[0]).trimmingWhitespace())
        let lon = try decimal(String(parts[1]).trimmingWhitespace())
        guard (-90.0...90.0).contains(lat) else { throw .latitudeOutOfRange }
        guard (-180.0...180.0).contains(lon) else { throw .longitudeOutOfRange }
        return Coordinates(latitude: lat, longitude: lon)
    }

    /// `[+-]digits[.digits]` or `[+-].digits`, as a Double.
    private static func decimal(_ text: String) throws(Problem) -> Double {
        var body = Substring(text)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        let digits = pieces.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !body.isEmpty, pieces.count <= 2, digits, pieces.contains(where: { !$0.isEmpty }),
            body.count <= 40, let value = Double(text)
        else {
            throw .notDecimal(text)
        }
        return value
    }

    /// The app's URL: `"https://maps.google.com/?q=\(lat),\(lon)"`, the numbers as Swift prints a
    /// Double (shortest round-trip form: `37.7749`, `-122.4194`, `40.0`).
    public var mapsURL: String { "https://maps.google.com/?q=\(latitude),\(longitude)" }

    /// What the app appended to the message: a blank line, then `📍 ` and the maps URL.
    public var messageSuffix: String { "\n\n📍 \(mapsURL)" }
}
