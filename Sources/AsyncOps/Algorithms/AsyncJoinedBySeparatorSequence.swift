// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage);
// and AsyncJoinedSequence.swift for why `next` is `rethrows` with `Failure == any Error`.

extension AsyncSequence where Element: AsyncSequence {
  /// The elements of each inner sequence, one inner sequence after the other, with the elements
  /// of `separator` between two inner sequences.
  ///
  /// ```swift
  /// let lines = [["a", "b"], ["c"]].map(\.async).async
  /// for await part in lines.joined(separator: ["/"].async) { print(part) }   // a, b, /, c
  /// ```
  ///
  /// `separator` is iterated once, the first time it is needed; later separators replay the
  /// elements it produced then.
  ///
  /// - Parameter separator: The elements to insert between two inner sequences.
  @inlinable
  public func joined<Separator: AsyncSequence>(
    separator: Separator
  ) -> AsyncJoinedBySeparatorSequence<Self, Separator> {
    AsyncJoinedBySeparatorSequence(base: self, separator: separator)
  }
}

/// An asynchronous sequence of the elements of each of its base's inner sequences, in order,
/// with a separator's elements between two inner sequences; made by `joined(separator:)`.
///
/// ```swift
/// let paragraphs = chapters.joined(separator: [.pageBreak].async)
/// ```
///
/// An error of the base, of an inner sequence or of the separator ends it.
public struct AsyncJoinedBySeparatorSequence<Base: AsyncSequence, Separator: AsyncSequence>:
  AsyncSequence
where Base.Element: AsyncSequence, Separator.Element == Base.Element.Element {
  /// The inner sequences' element.
  public typealias Element = Base.Element.Element
  /// The failure of the base, an inner sequence or the separator (`for await` needs no `try`
  /// when none of them throws).
  public typealias Failure = any Error

  @usableFromInline let base: Base
  @usableFromInline let separator: Separator

  @inlinable
  init(base: Base, separator: Separator) {
    self.base = base
    self.separator = separator
  }

  /// Creates an iterator over the joined elements and separators.
  ///
  /// ```swift
  /// var iterator = lines.joined(separator: ["/"].async).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(outer: base.makeAsyncIterator(), separator: separator)
  }

  /// Produces the elements of each inner sequence in turn, with the separator between them.
  ///
  /// ```swift
  /// while let part = await iterator.next() { print(part) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// The failure of the base, an inner sequence or the separator.
    public typealias Failure = any Error

    /// Where the iterator is.
    @usableFromInline
    enum Phase {
      /// Before the first inner sequence.
      case start
      case inner(Base.Element.AsyncIterator)
      /// Between two inner sequences: the separator's elements, then `next`.
      case separator(next: Base.Element, SeparatorPosition)
    }

    /// How far into a separator the iterator is.
    @usableFromInline
    enum SeparatorPosition {
      /// The first separator: read from the separator sequence, and remembered.
      case reading(Separator.AsyncIterator, ContiguousArray<Element>)
      /// A later separator: replayed from the remembered elements.
      case replaying(Int)
    }

    /// `nil` once the sequence has ended (finished or thrown): it then returns `nil` for ever.
    @usableFromInline var outer: Base.AsyncIterator?
    @usableFromInline var phase = Phase.start
    /// The separator sequence until it has been read once.
    @usableFromInline var unreadSeparator: Separator?
    /// The separator's elements once it has been read.
    @usableFromInline var separatorElements: ContiguousArray<Element> = []

    @inlinable
    init(outer: Base.AsyncIterator, separator: Separator) {
      self.outer = outer
      self.unreadSeparator = separator
    }

    /// The next element or separator element; `nil` at the end, and for ever after the end or
    /// an error.
    ///
    /// ```swift
    /// let part = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async rethrows -> Element? {
      do {
        while outer != nil {
          switch phase {
          case .start:
            guard let sequence = try await outer!.next(isolation: actor) else { break }
            phase = .inner(sequence.makeAsyncIterator())
            continue
          case .inner(var iterator):
            if let element = try await iterator.next(isolation: actor) {
              phase = .inner(iterator)
              return element
            }
            guard let sequence = try await outer!.next(isolation: actor) else { break }
            phase = .separator(next: sequence, startSeparator())
            continue
          case .separator(let sequence, .reading(var iterator, var elements)):
            if let element = try await iterator.next(isolation: actor) {
              elements.append(element)
              phase = .separator(next: sequence, .reading(iterator, elements))
              return element
            }
            separatorElements = elements
            phase = .inner(sequence.makeAsyncIterator())
            continue
          case .separator(let sequence, .replaying(let index)):
            if index < separatorElements.count {
              phase = .separator(next: sequence, .replaying(index + 1))
              return separatorElements[index]
            }
            phase = .inner(sequence.makeAsyncIterator())
            continue
          }
          break  // the outer sequence has finished
        }
        end()
        return nil
      } catch {
        end()
        throw error
      }
    }

    /// The next element or separator element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await next(isolation: nil)
    }

    @inlinable
    mutating func startSeparator() -> SeparatorPosition {
      guard let separator = unreadSeparator else { return .replaying(0) }
      unreadSeparator = nil
      return .reading(separator.makeAsyncIterator(), [])
    }

    @inlinable
    mutating func end() {
      outer = nil
      phase = .start
      unreadSeparator = nil
    }
  }
}

extension AsyncJoinedBySeparatorSequence: Sendable where Base: Sendable, Separator: Sendable {}
