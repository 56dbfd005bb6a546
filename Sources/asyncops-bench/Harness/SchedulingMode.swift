import Glibc

/// Where a run's threads may run: `pinned` to one core, or `free` on every core the process may
/// use. The same case can cost twice as much in one as in the other (every element's lock and
/// continuation migrating between cores, or not), so `--modes` measures both and the targets are
/// judged in the worse (see ``TargetJudgement``).
enum SchedulingMode: String, CaseIterable, Sendable {
  /// Every thread of the process on one core (the first the process was allowed).
  case pinned
  /// Every core the process was started with.
  case free

  /// The mode named by a `--mode NAME` in `arguments`, if any (read before the option parser
  /// runs, so the mask is set before any task starts a thread).
  static func requested(in arguments: [String]) -> SchedulingMode? {
    guard let flag = arguments.firstIndex(of: "--mode"), flag + 1 < arguments.count else {
      return nil
    }
    return SchedulingMode(rawValue: arguments[flag + 1])
  }

  /// Restricts every thread of the process to one core (`pinned`), or leaves the mask (`free`).
  ///
  /// Call it first thing in `main`, before the first `await`: threads of the cooperative pool
  /// inherit the mask of the thread that creates them, so every later thread is pinned too. The
  /// threads that already exist are pinned one by one (`/proc/self/task`).
  func apply() {
    guard self == .pinned, let core = Self.allowedCores().first, let call = Self.setAffinity else {
      return
    }
    var mask = [UInt64](repeating: 0, count: Self.maskWords)
    mask[core / 64] |= 1 << UInt64(core % 64)
    for thread in Self.threadIDs() {
      _ = mask.withUnsafeMutableBytes { call(pid_t(thread), $0.count, $0.baseAddress) }
    }
  }

  /// The cores each thread of the process may run on, as `/proc` lists them (`"0"`, `"0-1"`),
  /// with how many threads have each list: `[("0", 3)]` when every thread is pinned to core 0.
  static func threadAffinities() -> [(cores: String, threads: Int)] {
    var counts: [(cores: String, threads: Int)] = []
    for thread in threadIDs() {
      let status = ProcFile.read("/proc/self/task/\(thread)/status") ?? ""
      let cores = ProcFile.field("Cpus_allowed_list", in: status) ?? "?"
      if let index = counts.firstIndex(where: { $0.cores == cores }) {
        counts[index].threads += 1
      } else {
        counts.append((cores, 1))
      }
    }
    return counts
  }

  /// One line for the report: `"pinned: 3 threads on core 0"`, `"free: 3 threads on cores 0-1"`.
  func describeThreads() -> String {
    let lists = Self.threadAffinities().map { "\($0.threads) on cores \($0.cores)" }
    return "\(rawValue): threads " + lists.joined(separator: ", ")
  }

  /// The cores the calling thread may run on, ascending.
  static func allowedCores() -> [Int] {
    guard let call = getAffinity else { return [] }
    var mask = [UInt64](repeating: 0, count: maskWords)
    guard mask.withUnsafeMutableBytes({ call(0, $0.count, $0.baseAddress) }) == 0 else {
      return []
    }
    return (0..<(maskWords * 64)).filter { mask[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
  }

  /// `sched_getaffinity` / `sched_setaffinity` (glibc declares them only under `_GNU_SOURCE`, so
  /// the `Glibc` module does not import them): `(thread, mask bytes, mask) -> 0 or -1`.
  private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
  /// A mask of 1,024 cores, the kernel's default `cpu_set_t`.
  private static let maskWords = 16
  private static let getAffinity = lookUp("sched_getaffinity")
  private static let setAffinity = lookUp("sched_setaffinity")

  private static func lookUp(_ name: String) -> AffinityCall? {
    // `nil` is `RTLD_DEFAULT`: the symbol as the process's libraries define it (libc).
    dlsym(nil, name).map { unsafeBitCast($0, to: AffinityCall.self) }
  }

  private static func threadIDs() -> [Int] {
    guard let directory = opendir("/proc/self/task") else { return [] }
    defer { closedir(directory) }
    var threads: [Int] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let thread = Int(name) { threads.append(thread) }
    }
    return threads
  }
}
