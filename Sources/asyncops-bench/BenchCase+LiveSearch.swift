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
      let data = BrewDataFile.encode(BrewGenerator(seed: 1).brews(count: count))
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
