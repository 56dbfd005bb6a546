import Glibc

/// The process's context switches and CPU time so far (`getrusage`): voluntary ones are a thread going to
/// sleep because it had nothing to run (and so a wake-up later), the cost that separates a
/// pipeline whose threads stay busy from one that hands each element to a sleeping thread.
enum ContextSwitches {
  /// Voluntary plus involuntary context switches of every thread of the process, and the CPU
  /// time (user + system) it has used, in nanoseconds.
  static func now() -> (switches: Int, cpuNanoseconds: Double) {
    var usage = rusage()
    guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return (0, 0) }
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    let microseconds = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    return (usage.ru_nvcsw + usage.ru_nivcsw, seconds * 1e9 + microseconds * 1e3)
  }
}
