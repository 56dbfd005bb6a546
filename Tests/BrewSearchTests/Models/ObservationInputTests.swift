import AsyncOps
import AsyncOpsTesting
import BrewSearch
import Observation
import Synchronization
import Testing

/// A model's inputs as an app writes them: plain `@Observable` stored properties, read into the
/// pipeline through `Observations` (Swift 6.2) instead of setter-fed channels.
@available(macOS 26, iOS 26, *)
@MainActor @Observable private final class ObservedSearchInputs {
  var searchText = ""
  var methodFilter: BrewMethod?
  var minimumRating = 0
}

/// A thread-safe list the observing loop appends to.
private final class Lines: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var values: [String] { storage.withLock { $0 } }
}

/// `Observations` needs the Swift 6.2 runtime (macOS 26 on Apple platforms; always on Linux).
@Suite struct ObservationInputTests {
  @Test func severalChangesInOneTurnAreOneObservedValue() async throws {
    guard #available(macOS 26, iOS 26, *) else { return }
    let lines = try await withVirtualTime { @MainActor time in
      let inputs = ObservedSearchInputs()
      let lines = Lines()
      let observed = Observations {
        "\(inputs.searchText)|\(inputs.methodFilter?.rawValue ?? "any")|\(inputs.minimumRating)"
      }
      let loop = Task { @MainActor in
        for await value in observed {
          lines.append("\(time.clock.now): \(value)")
          if value.hasPrefix("end") { break }
        }
      }
      await time.settle()
      // One turn of the main actor: three property changes.
      inputs.searchText = "citrus"
      inputs.methodFilter = .pourOver
      inputs.minimumRating = 4
      await time.advance(by: .milliseconds(10))
      inputs.searchText = "end"
      await loop.value
      return lines.values
    }
    #expect(
      lines == [
        "0.0 seconds: |any|0",
        "0.0 seconds: citrus|pourOver|4",
        "0.01 seconds: end|pourOver|4",
      ])
  }

  @Test func observedTextComposesWithDebounceOnVirtualTime() async throws {
    guard #available(macOS 26, iOS 26, *) else { return }
    let lines = try await withVirtualTime { @MainActor time in
      let inputs = ObservedSearchInputs()
      let lines = Lines()
      let debounced = Observations { inputs.searchText }
        .debounce(for: .milliseconds(20), clock: time.clock)
        .removeDuplicates()
      let loop = Task { @MainActor in
        for await text in debounced {
          lines.append("\(time.clock.now): \(text)")
          if text == "bright" { break }
        }
      }
      for (text, gap) in [("b", 0), ("br", 5), ("bri", 5), ("bright", 30)] {
        await time.advance(by: .milliseconds(gap))
        inputs.searchText = text
      }
      await time.advance(by: .milliseconds(40))
      await loop.value
      return lines.values
    }
    #expect(lines == ["0.03 seconds: bri", "0.06 seconds: bright"])
  }

  /// The same turn through setter-fed channels: each channel carries its own change, and
  /// `combineLatest` emits after each one, so the loop sees the two half-applied states
  /// (`citrus|any|0`, `citrus|pourOver|0`) that `Observations` never shows. A filter pass would
  /// run for each of them.
  @Test func channelsEmitEachChangeOfOneTurn() async throws {
    let lines = try await withVirtualTime { time in
      let text = AsyncCurrentValue("")
      let method = AsyncCurrentValue<BrewMethod?>(nil)
      let rating = AsyncCurrentValue(0)
      let lines = Lines()
      let loop = Task {
        for await (text, method, rating) in combineLatest(text, method, rating) {
          lines.append("\(time.clock.now): \(text)|\(method?.rawValue ?? "any")|\(rating)")
        }
      }
      await time.settle()
      text.send("citrus")
      method.send(.pourOver)
      rating.send(4)
      await time.settle()
      text.send("end")
      await time.settle()
      text.finish()
      method.finish()
      rating.finish()
      await loop.value
      return lines.values
    }
    #expect(
      lines == [
        "0.0 seconds: |any|0",
        "0.0 seconds: citrus|any|0",
        "0.0 seconds: citrus|pourOver|0",
        "0.0 seconds: citrus|pourOver|4",
        "0.0 seconds: end|pourOver|4",
      ])
  }
}
