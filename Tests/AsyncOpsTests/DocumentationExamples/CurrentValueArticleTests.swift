import AsyncOps
import AsyncOpsTesting
import Testing

// The first sample of "The current value" (AsyncOps.docc/CurrentValue.md), verbatim.
final class SearchFieldModel: Sendable {
  let searchTextValues = AsyncCurrentValue("")

  /// What the text field binds to. Setting it never suspends.
  var searchText: String {
    get { searchTextValues.value }
    set { searchTextValues.value = newValue }
  }
}

/// Every marble diagram and code sample of AsyncOps.docc/CurrentValue.md.
@Suite struct CurrentValueArticleTests {
  /// The sends of `sends` go into an `AsyncCurrentValue("a")`, which finishes with them.
  private func recordChannel(sends: String, consumers: [Int]) async throws -> [String] {
    try await recordMarbles([sends], consumers: consumers) { inputs, _ in
      let channel = AsyncCurrentValue("a")
      Task {
        do {
          for try await value in inputs[0] { channel.send(value) }
        } catch {}
        channel.finish()
      }
      return channel
    }.map(\.description)
  }

  @Test func eachConsumerStartsWithTheCurrentValue() async throws {
    let outputs = try await recordChannel(sends: "-b-c-|", consumers: [0, 2])
    #expect(outputs == ["ab-c-|", "--bc-|"])
  }

  @Test func theSampleBridgesAPropertySetter() async throws {
    let model = SearchFieldModel()
    var values = model.searchTextValues.makeAsyncIterator()
    #expect(await values.next() == "")
    model.searchText = "brew"
    #expect(await values.next() == "brew")
    #expect(model.searchText == "brew")
  }

  @Test func theConflationSample() async throws {
    // The second sample, verbatim:
    let rating = AsyncCurrentValue(3)
    var iterator = rating.makeAsyncIterator()
    let first = await iterator.next()  // 3: the current value first
    rating.send(4)
    rating.send(5)
    let second = await iterator.next()  // 5: this consumer fell behind, so it gets the newest
    rating.finish()
    let third = await iterator.next()  // nil: finished, and 5 was already seen
    // End of the sample.
    #expect(first == 3)
    #expect(second == 5)
    #expect(third == nil)
  }
}
