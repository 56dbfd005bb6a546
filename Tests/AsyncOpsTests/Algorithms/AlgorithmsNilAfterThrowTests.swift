import AsyncOps
import Testing

/// Every iterator of the small algorithms returns `nil` after it has thrown, by its own state:
/// the base here throws once and would then go on producing elements.
@Suite struct AlgorithmsNilAfterThrowTests {
  private static var base: ThrowsThenContinues<Int> {
    ThrowsThenContinues(elements: [1, 2, 3], failAt: 1)
  }

  /// Takes `iterator`'s results until it throws, then two more: they must be `nil`.
  private static func resultsAfterTheError<I: AsyncIteratorProtocol>(
    _ iterator: inout I
  ) async -> (threw: Bool, after: [I.Element?]) {
    var threw = false
    for _ in 0..<10 {
      do {
        if try await iterator.next(isolation: nil) == nil { break }
      } catch {
        threw = true
        break
      }
    }
    var after: [I.Element?] = []
    for _ in 0..<2 { after.append(try? await iterator.next(isolation: nil)) }
    return (threw, after)
  }

  private static func expectNilAfterError<S: AsyncSequence>(
    _ sequence: S, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    var iterator = sequence.makeAsyncIterator()
    let (threw, after) = await resultsAfterTheError(&iterator)
    #expect(threw, sourceLocation: sourceLocation)
    #expect(after.allSatisfy { $0 == nil }, sourceLocation: sourceLocation)
  }

  @Test func adjacentPairs() async { await Self.expectNilAfterError(Self.base.adjacentPairs()) }

  @Test func compacted() async {
    await Self.expectNilAfterError(Self.base.map { Optional($0) }.compacted())
  }

  @Test func interspersedWithAValue() async {
    await Self.expectNilAfterError(Self.base.interspersed(with: 0))
  }

  @Test func interspersedWithAnAsyncClosure() async {
    await Self.expectNilAfterError(Self.base.interspersed(with: { () async -> Int in 0 }))
  }

  @Test func interspersedWithAThrowingClosure() async {
    await Self.expectNilAfterError(
      [1, 2, 3].async.interspersed(with: { () throws -> Int in throw AlgorithmFailure() }))
    await Self.expectNilAfterError(Self.base.interspersed(with: { () throws -> Int in 0 }))
  }

  @Test func joined() async {
    await Self.expectNilAfterError([Self.base, Self.base].async.joined())
    await Self.expectNilAfterError([[1].async, [2].async].async.joined(separator: Self.base))
    await Self.expectNilAfterError([Self.base, Self.base].async.joined(separator: [0].async))
  }

  @Test func inclusiveReductions() async {
    await Self.expectNilAfterError(Self.base.reductions(+))
  }

  @Test func throwingInclusiveReductions() async {
    await Self.expectNilAfterError(Self.base.reductions { (a: Int, b: Int) throws -> Int in a + b })
    await Self.expectNilAfterError(
      [1, 2, 3].async.reductions { (_: Int, _: Int) throws -> Int in throw AlgorithmFailure() })
  }

  @Test func exclusiveReductions() async {
    await Self.expectNilAfterError(Self.base.reductions(0, +))
    await Self.expectNilAfterError(Self.base.reductions(into: 0) { $0 += $1 })
  }

  @Test func throwingExclusiveReductions() async {
    await Self.expectNilAfterError(
      Self.base.reductions(0) { (a: Int, b: Int) throws -> Int in a + b })
    await Self.expectNilAfterError(
      [1, 2, 3].async.reductions(into: 0) { (_: inout Int, _: Int) throws in
        throw AlgorithmFailure()
      })
  }

  @Test func mapError() async {
    await Self.expectNilAfterError(Self.base.mapError { _ in AlgorithmFailure() })
  }
}
