import Foundation

/// The index's canonical case-folded form of text: what its byte scan looks for.
///
/// Every scalar maps to a **key**: its canonical decomposition, each part closed under case
/// mapping (lowercase of uppercase, decomposed again, to a fixed point: "ß" → "ss", "ẞ" → "ss",
/// "ς" → "σ", "K" (Kelvin) → "k", "ı" → "i", "İ" → "i" + U+0307, U+0345 → "ι"), then split into
/// **bases** (written to the scan text as UTF-8) and **marks** (combining and other
/// grapheme-extending scalars, kept per brew as bits of a 32-bit set). ASCII letters map to
/// their lowercase; other ASCII maps to itself.
///
/// ```swift
/// let key = SearchKey("Crème")          // bases "creme", marks {U+0300}
/// ```
///
/// ## Why a match is never missed
/// `SearchTextComparison` is Foundation's `localizedCaseInsensitiveContains`, which on Linux is
/// CoreFoundation's `CFStringFindWithOptionsAndLocale` (case-insensitive, non-literal; its
/// eight-bit path runs only when both strings are ASCII, the plain fast path's case). It walks
/// both strings comparing UTF-32 characters one by one, each either a raw character or an element
/// of a **fold** of the cluster at that point: the canonical decomposition of its first character,
/// whose first element is case folded, followed by the cluster's grapheme-extending characters,
/// decomposed, their trailing run sorted by combining class. A match needs every needle character
/// compared and the haystack's last fold used up. So if the key of every fold equals the key of
/// the cluster it folds (as a sequence of bases; as a set of marks), the needle's bases occur
/// contiguously among the haystack's bases and its marks among the haystack's marks:
/// - decomposition and case folding keep the key: checked for every scalar a brew or needle
///   holds, against Foundation's own `decomposedStringWithCanonicalMapping` and
///   `folding(options: .caseInsensitive, locale: nil)` (``isVerified``; a scalar that fails sends
///   its brew down the exact path); the tests check every assigned scalar;
/// - sorting a run of marks reorders no bases: every grapheme-extending character is a mark here
///   except U+0345, whose key is the one base "ι" (the tests check both);
/// - CoreFoundation reuses the last fold when a new start falls inside its cluster, offset by the
///   start's distance in UTF-16 units: inside a cluster of three or more units holding two or
///   more bases that can compare a base twice ("ﬃ\u{301}\u{302}x" contains
///   "fi\u{301}\u{302}i\u{301}\u{302}x"), so brews with such a cluster take the exact path
///   (``hasRepeatableCluster``);
/// - locales with special case rules (az, lt, tr, nl, el) turn the key off.
struct SearchKey: Sendable, Equatable {
  /// The UTF-8 of the bases, in order.
  var bases: [UInt8] = []
  /// The marks, one bit each (see ``markBit(_:)``).
  var marks: UInt32 = 0
  /// Whether every non-ASCII scalar's key was verified against Foundation's own folding.
  var isVerified = true
  /// Whether the text has a cluster of 3+ UTF-16 units with 2+ bases (or a base from a mark),
  /// where CoreFoundation's fold reuse can compare a base twice (see the type's discussion).
  var hasRepeatableCluster = false
  /// Whether the text contains U+0000 (which the scan text uses as a separator).
  var containsNUL = false
  /// As a needle: whether some character is compared only as a later element of a fold (a
  /// combining mark, the "s" of "ß"→"ss", the mark of "é"→"e"+U+0301), which CoreFoundation may
  /// pair with the first element of any folded haystack character without comparing them (its
  /// case-insensitive loop skips that comparison: "fς" contains "ﬁ", "eＡ" contains "é"). Then
  /// only ``reliableBases`` must occur in a haystack that is not plain ASCII (plain ASCII has no
  /// folded characters, so there the whole key must occur).
  var hasHoles = false
  /// As a needle: the longest run of bases compared on every path (see ``hasHoles``).
  var reliableBases: [UInt8] = []

  /// The key of `text`, computing each non-ASCII scalar's key with `table`.
  init(_ text: String, table: inout ScalarKeyTable) {
    var segment: [UInt8] = []
    func hole() {
      hasHoles = true
      if segment.count > reliableBases.count { reliableBases = segment }
      segment = []
    }
    var cluster = (units: 0, bases: 0, baseFromMark: false)
    func endCluster() {
      if cluster.units >= 3, cluster.bases >= 2 || cluster.baseFromMark {
        hasRepeatableCluster = true
      }
      cluster = (0, 0, false)
    }
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        endCluster()
        if value == 0 { containsNUL = true }
        let byte = UInt8(value)
        bases.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        segment.append(bases.last!)
        cluster = (1, 1, false)
        continue
      }
      let key = table[scalar]
      if key.isMark {
        hole()
      } else {
        segment.append(contentsOf: key.leadBases)
        if !key.foldsToOneElement { hole() }
      }
      if !key.isMark { endCluster() }
      cluster.units += scalar.utf16.count
      cluster.bases += key.baseCount
      if key.isMark, key.baseCount > 0 { cluster.baseFromMark = true }
      bases.append(contentsOf: key.bases)
      marks |= key.marks
      if !key.isVerified { isVerified = false }
    }
    endCluster()
    if segment.count > reliableBases.count { reliableBases = segment }
  }

  /// The key of `text` (a needle: computed without a shared table).
  init(_ text: String) {
    var table = ScalarKeyTable()
    self.init(text, table: &table)
  }

  /// The bit of a mark in ``marks``.
  static func markBit(_ scalar: Unicode.Scalar) -> UInt32 {
    1 << ((scalar.value &* 0x9E37_79B1) >> 27)
  }

  /// Whether `scalar` joins the preceding cluster (a combining or grapheme-extending
  /// character): a superset of what CoreFoundation collects into a fold (the tests check it).
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: break
    }
    return properties.isGraphemeExtend || properties.canonicalCombiningClass != .notReordered
      || properties.isEmojiModifier || scalar.value == 0x200C || scalar.value == 0x200D
  }
}

/// The key of one non-ASCII scalar.
struct ScalarKey: Sendable {
  /// The UTF-8 of its bases.
  var bases: [UInt8]
  var baseCount: Int
  /// Its marks' bits.
  var marks: UInt32
  /// Whether the scalar itself is a mark (joins the preceding cluster).
  var isMark: Bool
  /// Whether Foundation's decomposition and case folding of it have the same key.
  var isVerified: Bool
  /// The UTF-8 of the bases of the first element of its fold (the case fold of the first
  /// scalar of its decomposition): the part a needle always compares.
  var leadBases: [UInt8]
  /// Whether its fold has a single element (then it has no later elements; see
  /// `SearchKey.hasHoles`).
  var foldsToOneElement: Bool
}

/// Keys of the non-ASCII scalars met so far (an index build meets few distinct ones).
struct ScalarKeyTable {
  private var keys: [UInt32: ScalarKey] = [:]

  subscript(scalar: Unicode.Scalar) -> ScalarKey {
    mutating get {
      if let key = keys[scalar.value] { return key }
      let key = Self.compute(scalar)
      keys[scalar.value] = key
      return key
    }
  }

  /// The bases and marks of `scalar`'s closure (see ``SearchKey``).
  static func parts(of text: String) -> (bases: [Unicode.Scalar], marks: Set<UInt32>) {
    var bases: [Unicode.Scalar] = []
    var marks = Set<UInt32>()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      for part in closure(scalar, depth: 0) {
        if SearchKey.isMark(part) { marks.insert(part.value) } else { bases.append(part) }
      }
    }
    return (bases, marks)
  }

  /// Lowercase of uppercase, decomposed, repeated to a fixed point.
  private static func closure(_ scalar: Unicode.Scalar, depth: Int) -> [Unicode.Scalar] {
    if scalar.isASCII {
      return [(0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value | 0x20)! : scalar]
    }
    let mapped = Array(
      scalar.properties.uppercaseMapping.lowercased().decomposedStringWithCanonicalMapping
        .unicodeScalars)
    if mapped == [scalar] || depth > 8 { return [scalar] }
    return mapped.flatMap { closure($0, depth: depth + 1) }
  }

  private static func compute(_ scalar: Unicode.Scalar) -> ScalarKey {
    let text = String(scalar)
    let own = parts(of: text)
    // The lemma the scan relies on, checked with Foundation's own tables, for the scalar and
    // every scalar of its decomposition (whose first one CoreFoundation case folds).
    var verified = true
    let decomposition = text.decomposedStringWithCanonicalMapping
    for checked in [text] + decomposition.unicodeScalars.map(String.init) {
      let reference = parts(of: checked)
      for variant in [
        checked.folding(options: .caseInsensitive, locale: nil),
        checked.decomposedStringWithCanonicalMapping,
      ] {
        let other = parts(of: variant)
        if other.bases != reference.bases || other.marks != reference.marks { verified = false }
      }
    }
    var bytes: [UInt8] = []
    for base in own.bases { bytes.append(contentsOf: String(base).utf8) }
    if bytes.contains(0) { verified = false }
    let marks = own.marks.reduce(UInt32(0)) { $0 | SearchKey.markBit(Unicode.Scalar($1)!) }
    // CoreFoundation's fold: the decomposition, its first scalar case folded.
    let decomposed = Array(decomposition.unicodeScalars)
    let first = decomposed.first ?? scalar
    let folded = Array(String(first).folding(options: .caseInsensitive, locale: nil).unicodeScalars)
    let elements = (folded.isEmpty ? [first] : folded) + decomposed.dropFirst()
    let lead = parts(of: String(elements[0]))
    var leadBytes: [UInt8] = []
    for base in lead.bases { leadBytes.append(contentsOf: String(base).utf8) }
    let isPrefix = bytes.starts(with: leadBytes)
    return ScalarKey(
      bases: bytes, baseCount: own.bases.count, marks: marks, isMark: SearchKey.isMark(scalar),
      isVerified: verified, leadBases: isPrefix ? leadBytes : [],
      foldsToOneElement: isPrefix && elements.count == 1 && leadBytes == bytes && own.marks.isEmpty)
  }
}

extension SearchKey {
  /// Whether CoreFoundation applies special case rules in the current locale (Azerbaijani,
  /// Lithuanian, Turkish, Dutch, Greek): then the key is not used.
  static func localeHasSpecialCaseRules() -> Bool {
    let special = ["az", "lt", "tr", "nl", "el"]
    let identifiers = [Locale.current.identifier, Locale.current.collatorIdentifier ?? ""]
    return identifiers.contains { identifier in
      special.contains { identifier.lowercased().hasPrefix($0) }
    }
  }
}
