import AsyncOps
import AsyncOpsTesting
import Dispatch
import Testing

/// Main-actor state only the body's tasks reach.
@MainActor private final class MainActorCounter {
  var hops = 0
}

/// Seed 003's view-model shape: a `@MainActor` class whose loop runs in `Task { @MainActor in }`
/// over a debounced query on the `TestClock`, writing main-actor state.
@MainActor private final class QueryViewModel {
  private let query = AsyncCurrentValue("")
  private(set) var shown: [String] = []
  let log = Log<String>()

  func start(clock: TestClock) -> Task<Void, Never> {
    let debounced = query.debounce(for: .milliseconds(20), clock: clock).removeDuplicates()
    return Task { @MainActor in
      for await text in debounced {
        MainActor.preconditionIsolated()
        shown.append(text)
        log.append("\(text)@\(clock.now)")
      }
    }
  }

  func type(_ text: String) { query.send(text) }
  func finish() { query.finish() }
}

@Suite struct MainActorVirtualTimeTests {
  /// Hops to the main actor between TestClock sleeps; returns the timeline.
  private static func hoppingRun() async throws -> [String] {
    try await withVirtualTime { time in
      let clock = time.clock
      let counter = MainActorCounter()
      let log = Log<String>()
      for _ in 0..<3 {
        await MainActor.run {
          MainActor.assertIsolated()
          MainActor.preconditionIsolated()
          MainActor.assumeIsolated { counter.hops += 1 }
          log.append("hop \(counter.hops) at \(clock.now)")
        }
        try await clock.sleep(for: .milliseconds(10))
      }
      return log.values
    }
  }

  @Test func mainActorHopsOfTheBodyRunOnVirtualTime() async throws {
    let timeline = try await Self.hoppingRun()
    #expect(
      timeline == [
        "hop 1 at 0.0 seconds", "hop 2 at 0.01 seconds", "hop 3 at 0.02 seconds",
      ])
  }

  /// Runs the seed-003 shape on virtual time: types "b", "br", "bre" with gaps; returns the
  /// model's timeline.
  private static func seed003ShapeRun() async throws -> [String] {
    try await withVirtualTime { @MainActor time in
      let model = QueryViewModel()
      let loop = model.start(clock: time.clock)
      for (text, gap) in [("b", 0), ("br", 30), ("bre", 10)] {
        await time.advance(by: .milliseconds(gap))
        model.type(text)
      }
      await time.advance(by: .milliseconds(50))
      model.finish()
      await loop.value
      #expect(model.shown == ["b", "bre"])
      return model.log.values
    }
  }

  @Test func aMainActorViewModelLoopIsDrivenInstantByInstant() async throws {
    let timeline = try await Self.seed003ShapeRun()
    #expect(timeline == ["b@0.02 seconds", "bre@0.06 seconds"])
  }

  @MainActor @Test func aMainActorTestCanUseVirtualTime() async throws {
    let timeline = try await Self.seed003ShapeRun()
    #expect(timeline == ["b@0.02 seconds", "bre@0.06 seconds"])
  }

  @Test func mainActorScenariosGiveIdenticalTimelines200Times() async throws {
    let first = try await Self.seed003ShapeRun() + Self.hoppingRun()
    var mismatches = 0
    for _ in 0..<200 {
      let again = try await Self.seed003ShapeRun() + Self.hoppingRun()
      if again != first { mismatches += 1 }
    }
    #expect(mismatches == 0)
    // Wall time per run is a speed figure: `asyncops-bench virtual-time-replay` measures it
    // (the target: under 50 ms), not a timed assertion here.
  }

  @Test func aResumptionFromDispatchQueueMainIsReportedByName() async throws {
    // The stall timeout only bounds the wait for the main queue's block, which ends it as soon
    // as it arrives: a short one failed whenever the main thread was busy for longer.
    let options = VirtualTimeOptions(stallTimeout: .seconds(60))
    await #expect {
      try await withVirtualTime(options: options) { time in
        let clock = time.clock
        let sleeper = Task { try await clock.sleep(for: .milliseconds(100)) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          // Posted from a later job of the driver, so the body has suspended by then (a
          // resumption before that enqueues nothing and could not be seen).
          Task { DispatchQueue.main.async { continuation.resume() } }
        }
        try await sleeper.value
      }
    } throws: { error in
      guard case VirtualTimeError.unsupportedWork(let report) = error else { return false }
      return report.contains("DispatchQueue.main")
    }
  }
}
