import AsyncOps
import Testing

/// swift-async-algorithms' type names for combineLatest of two and three bases: code that writes
/// them out compiles unchanged, and the named sequence behaves as the one `combineLatest` made.
@Suite struct CombineLatestTypeNameTests {
  @Test func theTwoBaseTypeNameNamesWhatCombineLatestReturns() async {
    let (numbers, numberInput) = AsyncStream<Int>.makeStream()
    let (letters, letterInput) = AsyncStream<String>.makeStream()
    let pairs: AsyncCombineLatest2Sequence<AsyncStream<Int>, AsyncStream<String>> =
      combineLatest(numbers, letters)
    numberInput.yield(1)
    numberInput.finish()
    letterInput.yield("a")
    letterInput.finish()
    var combined: [String] = []
    for await (number, letter) in pairs { combined.append("\(number)\(letter)") }
    #expect(combined == ["1a"])
  }

  @Test func theThreeBaseTypeNameNamesWhatCombineLatestReturns() async {
    let streams = (0..<3).map { _ in AsyncStream<Int>.makeStream() }
    let triples: AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> =
      combineLatest(streams[0].stream, streams[1].stream, streams[2].stream)
    for (index, stream) in streams.enumerated() {
      stream.continuation.yield(index)
      stream.continuation.finish()
    }
    var combined: [[Int]] = []
    for await (first, second, third) in triples { combined.append([first, second, third]) }
    #expect(combined == [[0, 1, 2]])
  }
}
