import BrewSearch
import Foundation

extension BenchCase {
  /// `json-load-1m`: `BrewDataFile.decode` (the hand-written reader, with every check and error
  /// location) of the JSON of `N` generated brews, as `brew-search --data` reads it; per brew.
  /// `jsonDecoderMs` is Foundation's `JSONDecoder` on the same bytes, once, for comparison;
  /// `cpuMs` and `jsonDecoderCpuMs` are the CPU time of the decoding thread (the machine may be
  /// shared: CPU time does not count the time other processes held the core).
  static let jsonLoad = BenchCase(
    name: "json-load-1m",
    summary: "BrewDataFile.decode of N brews' JSON (vs JSONDecoder once); per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 3,
    prepare: { count in
      let data = try BrewDataFile.encode(BrewGenerator(seed: 1).brews(count: count))
      let clock = ContinuousClock()
      let start = clock.now
      let decoderCPUStart = threadCPUMilliseconds()
      let decoded = try JSONDecoder().decode([Brew].self, from: data)
      let decoderCPU = threadCPUMilliseconds() - decoderCPUStart
      let decoderMs = nanoseconds(start.duration(to: clock.now)) / 1e6
      return {
        let cpuStart = threadCPUMilliseconds()
        let brews = try BrewDataFile.decode(data, file: "bench.json")
        let cpu = threadCPUMilliseconds() - cpuStart
        return RunOutcome(
          elements: count, checksum: brews.count, expected: decoded.count,
          extraFields: [
            ("cpuMs", cpu), ("jsonDecoderMs", decoderMs), ("jsonDecoderCpuMs", decoderCPU),
            ("megabytes", Double(data.count) / 1e6),
          ])
      }
    })
}

/// The CPU time the calling thread has used, in milliseconds (not counting time it waited for a
/// core, so a shared machine disturbs it less than the wall clock).
func threadCPUMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

extension BenchCase {
  /// `live-keystroke-1m`: the real `brew-search` (the executable beside this one) on a
  /// pseudo-terminal over `N` generated brews with a 0 ms debounce, so that a filter pass starts
  /// on every key while the next keys arrive. "jasmine" is typed at 80 ms per key, then cleared
  /// with Ctrl-U, 20 times; each key's latency is from writing its byte to reading the query row
  /// that shows it. `p50Ms`/`p95Ms`/`p99Ms` are over all keys; one element = one key.
  static let liveKeystroke = liveKeystroke(name: "live-keystroke-1m", typing: typedWord)

  /// `live-keystroke-1m-nonascii`: `live-keystroke-1m` typing ``typedNonASCIIWord``.
  static let liveKeystrokeNonASCII = liveKeystroke(
    name: "live-keystroke-1m-nonascii", typing: typedNonASCIIWord)

  /// The live keystroke case typing `word`.
  static func liveKeystroke(name: String, typing word: String) -> BenchCase {
    BenchCase(
      name: name,
      summary:
        "brew-search on a pty, N brews, passes running, typing \"\(word)\"; p50/p95/p99 keystroke→echo",
      size: 1_000_000, quickSize: 10_000, repetitions: 1, warmups: 0,
      prepare: { count in
        let session = try LiveTerminalSession(arguments: [
          "search", "--generate", String(count), "--debounce", "0",
        ])
        guard session.read(until: "\(count) brews", seconds: 600) else {
          throw LiveTerminalSession.Failure("brew-search did not show \(count) brews")
        }
        return {
          defer { session.stop() }
          var latencies: [Double] = []
          let clock = ContinuousClock()
          for _ in 0..<20 {
            var typed = ""
            for letter in word {
              typed.append(letter)
              let start = clock.now
              session.type(String(letter))
              guard session.read(until: "Search: \(typed)▏", seconds: 30) else {
                throw LiveTerminalSession.Failure("no echo of '\(typed)'")
              }
              latencies.append(nanoseconds(start.duration(to: clock.now)) / 1e6)
              try? await clock.sleep(for: BenchCase.keyInterval)
            }
            session.type("\u{15}")  // Ctrl-U
            _ = session.read(until: "Search: ▏", seconds: 30)
            try? await clock.sleep(for: BenchCase.keyInterval)
          }
          return RunOutcome(
            elements: latencies.count, checksum: latencies.count,
            expected: 20 * word.count,
            extraFields: [
              ("p50Ms", percentile(latencies, 0.50)), ("p95Ms", percentile(latencies, 0.95)),
              ("p99Ms", percentile(latencies, 0.99)), ("maxMs", latencies.max() ?? 0),
            ])
        }
      })
  }
}
