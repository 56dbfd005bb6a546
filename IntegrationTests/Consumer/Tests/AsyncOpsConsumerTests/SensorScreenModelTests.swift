import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

/// A sensor's readings, one a second on `clock`, from 20.0 up by 0.5; after `quietAfter` readings
/// it goes quiet (it neither produces nor finishes). Each iteration is a new connection to the
/// sensor, counted in `connections`.
struct SensorFeed<C: Clock<Duration>>: AsyncSequence, Sendable {
  typealias Element = Double
  typealias Failure = Never

  final class Connections: Sendable {
    let count = Mutex(0)
  }

  let clock: C
  let quietAfter: Int
  let connections = Connections()

  func makeAsyncIterator() -> Iterator {
    connections.count.withLock { $0 += 1 }
    return Iterator(clock: clock, quietAfter: quietAfter)
  }

  struct Iterator: AsyncIteratorProtocol {
    let clock: C
    let quietAfter: Int
    var sent = 0

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Double? {
      if sent == quietAfter {
        // Quiet until cancelled (a sleep far past any test), then the end.
        try? await clock.sleep(for: .seconds(86_400))
        return nil
      }
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        return nil
      }
      sent += 1
      return 19.5 + 0.5 * Double(sent)
    }

    mutating func next() async -> Double? { await next(isolation: nil) }
  }
}

/// An app's screen model: while the screen is shown it shows the sensor's latest reading, and
/// "offline" once no reading came for five seconds (`timeout`). The connection to the sensor is
/// shared and kept two seconds after the screen goes away, so that a screen rebuilt at once
/// (a rotation) keeps it; it starts again, showing the last reading first, later
/// (`share(replay:stoppingAfter:clock:)`).
@MainActor final class SensorScreenModel {
  private(set) var latest: Double?
  private(set) var isOffline = false
  private let readings: AsyncShareSequence<SensorFeed<TestClock>>
  private let clock: TestClock
  private var watching: Task<Void, Never>?

  init(feed: SensorFeed<TestClock>, clock: TestClock) {
    readings = feed.share(replay: 1, stoppingAfter: .seconds(2), clock: clock)
    self.clock = clock
  }

  func appear() {
    let guarded = readings.timeout(after: .seconds(5), clock: clock)
    watching = Task { @MainActor in
      do {
        for try await reading in guarded {
          self.latest = reading
          self.isOffline = false
        }
      } catch {
        self.isOffline = true
      }
    }
  }

  func disappear() async {
    watching?.cancel()
    await watching?.value
    watching = nil
  }
}

@Suite struct SensorScreenModelTests {
  @MainActor @Test func aRebuiltScreenKeepsTheConnectionALaterOneRestartsItAndSilenceIsOffline()
    async throws
  {
    let log = try await withVirtualTime { @MainActor time in
      let feed = SensorFeed(clock: time.clock, quietAfter: 6)
      let model = SensorScreenModel(feed: feed, clock: time.clock)
      var log: [String] = []
      @MainActor func note(_ event: String) {
        let connections = feed.connections.count.withLock { $0 }
        log.append(
          "\(time.now.offset) \(event): \(model.latest.map { "\($0)" } ?? "-")"
            + "\(model.isOffline ? " offline" : "") (connections \(connections))")
      }
      model.appear()
      await time.advance(by: .milliseconds(3_500))
      note("shown")
      await model.disappear()
      await time.advance(by: .seconds(1))  // rebuilt within the two seconds
      model.appear()
      await time.settle()
      note("rebuilt")
      await time.advance(by: .seconds(1))
      note("rebuilt")
      await model.disappear()
      await time.advance(by: .seconds(3))  // gone longer than two seconds: disconnected
      note("gone")
      model.appear()
      await time.settle()
      note("back")
      await time.advance(by: .seconds(6))  // six readings, then the sensor goes quiet
      note("back")
      await time.advance(by: .seconds(5))
      note("quiet")
      await model.disappear()
      await time.advance(by: .seconds(2))
      note("left")
      return log
    }
    #expect(
      log == [
        "3.5 seconds shown: 21.0 (connections 1)",
        // The replay (21.5, read at 4 s while no screen was shown), on the same connection.
        "4.5 seconds rebuilt: 21.5 (connections 1)",
        "5.5 seconds rebuilt: 22.0 (connections 1)",
        "8.5 seconds gone: 22.0 (connections 1)",
        // A new connection; the last reading of the old one (22.5, at 6 s) is shown first.
        "8.5 seconds back: 22.5 (connections 2)",
        "14.5 seconds back: 22.5 (connections 2)",
        "19.5 seconds quiet: 22.5 offline (connections 2)",
        // The timeout left the share at 19.5 s: two seconds later the connection is stopped, and
        // withVirtualTime finds nothing left running.
        "21.5 seconds left: 22.5 offline (connections 2)",
      ])
  }
}
