/// A way of brewing coffee.
///
/// Encoded by its case name (`"pourOver"`, `"frenchPress"`, …); `label` is the human name the
/// search also matches against:
///
/// ```swift
/// BrewMethod.pourOver.label  // "Pour Over"
/// BrewMethod(rawValue: "aeroPress")  // .aeroPress
/// ```
public enum BrewMethod: String, Codable, CaseIterable, Sendable, Hashable {
  /// Espresso machine.
  case espresso
  /// Hand pour-over (V60, Kalita, Chemex).
  case pourOver
  /// French press (immersion, metal filter).
  case frenchPress
  /// AeroPress.
  case aeroPress
  /// Stovetop moka pot.
  case mokaPot
  /// Cold brew (long, cold immersion).
  case coldBrew
  /// Automatic drip / batch filter.
  case filter

  /// The human-readable name, e.g. "Pour Over"; searched by `BrewQuery` like the notes.
  public var label: String {
    switch self {
    case .espresso: "Espresso"
    case .pourOver: "Pour Over"
    case .frenchPress: "French Press"
    case .aeroPress: "AeroPress"
    case .mokaPot: "Moka Pot"
    case .coldBrew: "Cold Brew"
    case .filter: "Filter"
    }
  }

  /// The position of the method in `allCases`, used as a compact column by the search index.
  var ordinal: UInt8 {
    switch self {
    case .espresso: 0
    case .pourOver: 1
    case .frenchPress: 2
    case .aeroPress: 3
    case .mokaPot: 4
    case .coldBrew: 5
    case .filter: 6
    }
  }
}
