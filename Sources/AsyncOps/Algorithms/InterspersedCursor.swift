/// The part of `interspersed(every:with:)` both of its sequences share: reading the base and
/// deciding when a separator is due. The iterators only differ in how they produce a separator
/// (a value, or a closure that may be `async` or throw).
///
/// A separator is due before an element when `every` elements have been returned since the start
/// or the last separator; that element is read first (no separator after the last element), kept
/// in `pending`, and returned by the next step.
@usableFromInline
struct InterspersedCursor<BaseIterator: AsyncIteratorProtocol> {
  /// What the iterator returns next.
  @usableFromInline
  enum Step {
    case element(BaseIterator.Element)
    case separator
    case end
  }

  @usableFromInline var base: BaseIterator
  @usableFromInline let every: Int
  /// Elements returned since the start or the last separator.
  @usableFromInline var elementsSinceSeparator = 0
  /// The element read ahead to know that a separator is due; returned after the separator.
  @usableFromInline var pending: BaseIterator.Element?
  @usableFromInline var finished = false

  @inlinable
  init(base: BaseIterator, every: Int) {
    precondition(every > 0, "interspersed(every:with:) needs every > 0, got \(every)")
    self.base = base
    self.every = every
  }

  /// The next step; after `.end` or an error, `.end` for ever.
  @inlinable
  mutating func next(
    isolation actor: isolated (any Actor)?
  ) async throws(BaseIterator.Failure) -> Step {
    guard !finished else { return .end }
    if let element = pending {
      pending = nil
      elementsSinceSeparator = 1
      return .element(element)
    }
    let element: BaseIterator.Element?
    do {
      element = try await base.next(isolation: actor)
    } catch {
      finish()
      throw error
    }
    guard let element else {
      finish()
      return .end
    }
    if elementsSinceSeparator == every {
      pending = element
      elementsSinceSeparator = 0
      return .separator
    }
    elementsSinceSeparator += 1
    return .element(element)
  }

  /// Ends the sequence: a separator closure threw.
  @inlinable
  mutating func finish() {
    finished = true
    pending = nil
  }
}

extension InterspersedCursor: Sendable
where BaseIterator: Sendable, BaseIterator.Element: Sendable {}
