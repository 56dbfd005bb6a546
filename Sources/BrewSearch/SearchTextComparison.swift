import Foundation

/// The search's one text comparison: Foundation's `localizedCaseInsensitiveContains`, made total.
///
/// ```swift
/// SearchTextComparison.contains("STRASSE", in: "Straße")     // true
/// SearchTextComparison.contains("é\u{0}", in: "é")            // false (Foundation traps here)
/// SearchTextComparison.isSameTerm("Straße", "STRASSE")        // true
///
/// let needle = SearchTextComparison.Needle("jam.\u{0}")       // prepared once per query
/// let hits = notes.filter { needle.isContained(in: $0) }
/// ```
///
/// Every comparison of user text in the search goes through here: ``BrewQuery/matches(_:)`` and
/// ``BrewQuery/filter(_:)``, the index's method labels and exact path, and the recent-searches
/// list.
///
/// ## Why not Foundation's directly
/// On Linux (swift-foundation, Swift 6.3.1) a needle that **ends in U+0000** is matched past the
/// end of the haystack: when the needle without its trailing NULs matches at the very end,
/// `"ab".localizedCaseInsensitiveContains("b\u{0}")` answers `true` for an all-ASCII haystack and
/// **traps** ("String index is out of bounds", SIGILL) for any other, e.g.
/// `"é".localizedCaseInsensitiveContains("é\u{0}")`. A fuzz of 12 million random scalar pairs
/// found no other input that traps or differs: every trap and every wrong answer had a needle
/// ending in U+0000, and a NUL anywhere else behaves like any other control character.
///
/// So a needle containing U+0000 is compared with every NUL of both strings replaced by a control
/// character that occurs in neither (U+0001–U+0008, U+000E–U+001F, U+007F–U+009F: like NUL they
/// fold to themselves and form a grapheme of their own): the answer NUL gets wherever Foundation
/// handles it. Other needles go to Foundation unchanged.
public enum SearchTextComparison {
  /// Whether `haystack` contains `needle`, ignoring case, by the current locale's rules (the
  /// article's `localizedCaseInsensitiveContains`), for any text. To compare one needle with
  /// many haystacks, prepare it once as a ``Needle``.
  public static func contains(_ needle: String, in haystack: String) -> Bool {
    Needle(needle).isContained(in: haystack)
  }

  /// Whether two search terms are the same search: each contains the other by ``contains(_:in:)``
  /// ("Straße" and "STRASSE", "citrus" and "CITRUS").
  public static func isSameTerm(_ term: String, _ other: String) -> Bool {
    contains(term, in: other) && contains(other, in: term)
  }

  /// A search text prepared for comparison with many haystacks: whatever its length, the
  /// per-haystack cost beyond Foundation's own comparison is nothing for text without U+0000,
  /// and one pass over the haystack for text with it.
  ///
  /// ```swift
  /// let needle = SearchTextComparison.Needle("citrus")
  /// needle.isContained(in: "Bright, CITRUSY Kenya")   // true
  /// ```
  public struct Needle: Sendable {
    /// The search text.
    public let text: String
    /// For a text containing NUL: the controls it contains, and the text with NUL replaced by
    /// the first substitute it does not contain (the one most haystacks allow).
    private let withNUL: (controls: ControlSet, substitute: Unicode.Scalar, text: String)?

    /// Prepares `text`.
    public init(_ text: String) {
      self.text = text
      guard text.utf8.contains(0) else {
        withNUL = nil
        return
      }
      let controls = ControlSet(text)
      let substitute = controls.firstAbsentSubstitute(alsoAbsentFrom: ControlSet()) ?? "\u{E000}"
      withNUL = (
        controls, substitute, SearchTextComparison.replacingNUL(in: text, with: substitute)
      )
    }

    /// Whether `haystack` contains this text (see ``SearchTextComparison/contains(_:in:)``).
    public func isContained(in haystack: String) -> Bool {
      guard let withNUL else { return haystack.localizedCaseInsensitiveContains(text) }
      let haystackControls = ControlSet(haystack)
      if let substitute = withNUL.controls.firstAbsentSubstitute(alsoAbsentFrom: haystackControls) {
        let needle =
          substitute == withNUL.substitute
          ? withNUL.text : SearchTextComparison.replacingNUL(in: text, with: substitute)
        return SearchTextComparison.replacingNUL(in: haystack, with: substitute)
          .localizedCaseInsensitiveContains(needle)
      }
      // Every one of the 59 controls occurs in the two strings: an absent private-use character
      // (which, unlike a control, may join a following combining mark into one grapheme).
      let present = Set(text.unicodeScalars).union(haystack.unicodeScalars)
      let substitute =
        (0xE000...0xF8FF).lazy.compactMap(Unicode.Scalar.init).first { !present.contains($0) }
        ?? "\u{F0000}"
      return SearchTextComparison.replacingNUL(in: haystack, with: substitute)
        .localizedCaseInsensitiveContains(
          SearchTextComparison.replacingNUL(in: text, with: substitute))
    }
  }

  /// The NUL substitutes present in a string, one bit per candidate, found in one pass over its
  /// UTF-8 (C0 controls and DEL are single bytes; C1 controls are C2 80–C2 9F).
  struct ControlSet: Sendable {
    private var bits: (low: UInt64, high: UInt64) = (0, 0)

    init() {}

    init(_ text: String) {
      var previous: UInt8 = 0
      for byte in text.utf8 {
        if byte < 0x20 || byte == 0x7F {
          insert(UInt32(byte))
        } else if previous == 0xC2, (0x80...0x9F).contains(byte) {
          insert(UInt32(byte))
        }
        previous = byte
      }
    }

    private mutating func insert(_ value: UInt32) {
      if value < 64 { bits.low |= 1 << value } else { bits.high |= 1 << (value - 64) }
    }

    func contains(_ value: UInt32) -> Bool {
      value < 64 ? bits.low & (1 << value) != 0 : bits.high & (1 << (value - 64)) != 0
    }

    /// The first substitute in neither set.
    func firstAbsentSubstitute(alsoAbsentFrom other: ControlSet) -> Unicode.Scalar? {
      substitutes.first { !contains($0.value) && !other.contains($0.value) }
    }
  }

  /// Control characters that, like NUL, fold to themselves and stand alone as a grapheme.
  private static let substitutes: [Unicode.Scalar] = [0x01...0x08, 0x0E...0x1F, 0x7F...0x9F]
    .joined().map { Unicode.Scalar(UInt8($0)) }

  fileprivate static func replacingNUL(
    in text: String, with substitute: Unicode.Scalar
  ) -> String {
    guard text.utf8.contains(0) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { scalars.append(scalar == "\u{0}" ? substitute : scalar) }
    return String(scalars)
  }
}
