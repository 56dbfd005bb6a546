import Glibc

/// Measures a case's peak memory as resident-set growth, from `/proc/self/status`.
///
/// Where the kernel lets us write `5` to `/proc/self/clear_refs`, the peak (`VmHWM`) is reset to
/// the current RSS before each case, so the figure is *peak RSS during the case minus RSS at its
/// start*. Otherwise `VmHWM` cannot be reset and the figure is only the *growth of the process's
/// high-water mark* during the case (0 when an earlier case already reached higher).
/// Before each case, freed heap is handed back to the kernel (`malloc_trim`) so that memory kept
/// by the allocator from earlier cases does not hide this case's growth.
struct PeakMemoryProbe {
  /// How the peak is measured on this machine.
  enum Mode: String {
    case resetPeak = "peak RSS minus RSS at case start (VmHWM reset via /proc/self/clear_refs)"
    case highWaterGrowth =
      "growth of the process's RSS high-water mark (VmHWM; reset not permitted)"
    case unavailable = "unavailable (/proc/self/status unreadable)"
  }

  private let mode: Mode
  private let baselineBytes: Int

  /// Starts measuring: trims the heap, resets the peak if permitted, records the baseline.
  static func start() -> PeakMemoryProbe {
    trimHeap()
    guard let before = readStatus() else { return PeakMemoryProbe(mode: .unavailable, baseline: 0) }
    if ProcFile.write("5", to: "/proc/self/clear_refs"), let reset = readStatus() {
      return PeakMemoryProbe(mode: .resetPeak, baseline: reset.rss)
    }
    return PeakMemoryProbe(mode: .highWaterGrowth, baseline: before.peak)
  }

  private init(mode: Mode, baseline: Int) {
    self.mode = mode
    self.baselineBytes = baseline
  }

  /// The method this probe used.
  var method: Mode { mode }

  /// The peak growth in bytes since `start()`, or `nil` when unavailable.
  func peakGrowthBytes() -> Int? {
    guard mode != .unavailable, let now = Self.readStatus() else { return nil }
    return max(0, now.peak - baselineBytes)
  }

  /// The method that `start()` would pick here, without disturbing any measurement in progress
  /// more than a reset of the peak does.
  static func probeMode() -> Mode { start().mode }

  private static func readStatus() -> (rss: Int, peak: Int)? {
    guard let status = ProcFile.read("/proc/self/status"),
      let rss = kibibytes(ProcFile.field("VmRSS", in: status)),
      let peak = kibibytes(ProcFile.field("VmHWM", in: status))
    else { return nil }
    return (rss * 1024, peak * 1024)
  }

  /// Parses `"12345 kB"`.
  private static func kibibytes(_ text: String?) -> Int? {
    text?.split(separator: " ").first.flatMap { Int($0) }
  }

  /// `malloc_trim(0)`, looked up at run time because Glibc's Swift overlay does not export it.
  static func trimHeap() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  }
}
