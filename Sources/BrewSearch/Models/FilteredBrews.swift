/// The brews a filter pass found, in source order: a random-access collection over positions in
/// the searched brews, which it shares rather than copies.
///
/// A search model publishes one of these after every pass. At a million brews, copying the
/// matching brews into a new array (and freeing the previous one: a release per brew) took longer
/// than the search itself; here a pass publishes its position list and a reference to the brews
/// the index already holds, and replacing it frees one buffer of integers.
///
/// Use it like an array — iterate, index, count, `ForEach` it in SwiftUI (`Brew` is
/// `Identifiable`), or make an array when you need one:
///
/// ```swift
/// for brew in model.filteredBrews { print(brew.notes) }
/// let first = model.filteredBrews.first
/// let copy = Array(model.filteredBrews)        // a [Brew], copied now
/// model.filteredBrews == [kenyaBrew]           // compares with an array, element by element
/// model.filteredBrews != [kenyaBrew]           // and `!=`, either way round
/// ```
public struct FilteredBrews: RandomAccessCollection, Sendable {
  /// The brews searched, shared with the source (never copied).
  private let source: [Brew]
  /// Positions in `source` of the brews found, ascending; `nil` when every brew was found.
  private let positions: [Int32]?

  /// No brews (what a model shows before its first pass).
  public init() {
    self.init(all: [])
  }

  /// All of `brews`, in their order, sharing their storage.
  public init(_ brews: [Brew]) {
    self.init(all: brews)
  }

  private init(all brews: [Brew]) {
    source = brews
    positions = nil
  }

  /// The brews of `source` at `positions` (ascending, unique, each in `source.indices`).
  init(source: [Brew], positions: [Int32]) {
    self.source = source
    // Ascending and unique: as many as the source means all of it, and then no list is kept.
    self.positions = positions.count == source.count ? nil : positions
  }

  /// The position of the first brew: always 0.
  public var startIndex: Int { 0 }

  /// The number of brews found.
  public var endIndex: Int { positions?.count ?? source.count }

  /// Whether these are positions over `brews` itself — its storage, not a copy (for tests).
  func isView(of brews: [Brew]) -> Bool {
    source.withUnsafeBufferPointer { mine in
      brews.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
    }
  }

  /// Whether every brew of the source is in it, so no position list is kept (for tests).
  var holdsEverySourceBrew: Bool { positions == nil }

  /// The brew at `position` (0 ..< count), in source order.
  public subscript(position: Int) -> Brew {
    guard let positions else { return source[position] }
    return source[Int(positions[position])]
  }
}

extension FilteredBrews: Equatable {
  /// Whether both hold the same brews in the same order.
  public static func == (lhs: FilteredBrews, rhs: FilteredBrews) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Whether `lhs` holds exactly the brews of `rhs`, in order (so `model.filteredBrews == brews`
  /// reads as it did when the property was an array).
  public static func == (lhs: FilteredBrews, rhs: [Brew]) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Whether `rhs` holds exactly the brews of `lhs`, in order.
  public static func == (lhs: [Brew], rhs: FilteredBrews) -> Bool {
    rhs.elementsEqual(lhs)
  }

  /// Whether `lhs` differs from `rhs`: other brews, or another order
  /// (`model.filteredBrews != brews`, as with an array).
  public static func != (lhs: FilteredBrews, rhs: [Brew]) -> Bool {
    !(lhs == rhs)
  }

  /// Whether `lhs` differs from `rhs`: other brews, or another order.
  public static func != (lhs: [Brew], rhs: FilteredBrews) -> Bool {
    !(lhs == rhs)
  }
}

extension FilteredBrews: CustomStringConvertible {
  /// The brews, printed as an array prints them.
  public var description: String { Array(self).description }
}
