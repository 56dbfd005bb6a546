import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a child process with `posix_spawn` and one `poll` loop that writes its input and reads
/// its output: no Foundation `Process`, no `FileHandle`, no helper threads.
///
/// Why: CI once crashed in `FileHandle.readDataToEndOfFile()` —
/// swift-corelibs-foundation 6.3.1 `FileHandle.swift:699` is its `try! readToEnd()`, and the
/// read loop under it (`_readDataOfLength`) throws on `read() == -1` whatever `errno` is, so a
/// signal that interrupts the blocked `read` (`EINTR`) traps the whole test process. (Its
/// `_writeBytes` retries `EINTR`; the read does not.) Here every system call that can be
/// interrupted — `poll`, `read`, `write`, `waitpid` — is retried on `EINTR`, so no signal
/// delivered to the test process during a run can end it. `ChildProcessSignalTests` interrupts a
/// run with hundreds of signals to show it.
///
/// ```swift
/// let output = try ChildProcess.run("/bin/echo", ["hi"])
/// output.stdout   // "hi\n" as bytes
/// ```
enum ChildProcess {
  struct Output {
    /// The exit status, when the child exited.
    var exitStatus: Int32?
    /// The signal that ended the child, when one did.
    var signal: Int32?
    var stdout: Data
    var stderr: Data
    /// Whether the child was killed because it ran past the limit.
    var timedOut: Bool
  }

  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// A child that exits without reading its input makes our writes fail with `EPIPE`; that must
  /// not end the test process with `SIGPIPE`.
  private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Runs `path arguments...` in `directory` with `environment` (the test process's when `nil`),
  /// writes `input` to its standard input and closes it, collects standard output and error,
  /// and kills the child (`SIGKILL`) if it is still running after `limit` seconds. Every signal
  /// disposition is the default and no signal is blocked in the child, whatever the test process
  /// has set.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, input: [UInt8] = [], limit: TimeInterval = 60
  ) throws(SpawnError) -> Output {
    ignoreBrokenPipes
    var fds: [Int32] = [-1, -1, -1, -1, -1, -1]  // stdin r/w, stdout r/w, stderr r/w
    for pair in 0..<3 {
      let made = fds.withUnsafeMutableBufferPointer {
        GNU.pipe2($0.baseAddress! + pair * 2, O_CLOEXEC)
      }
      guard made == 0 else {
        for fd in fds where fd >= 0 { close(fd) }
        throw SpawnError(description: "pipe2: \(String(cString: strerror(errno)))")
      }
    }
    let (inRead, inWrite, outRead, outWrite, errRead, errWrite) =
      (fds[0], fds[1], fds[2], fds[3], fds[4], fds[5])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inRead, 0)
    posix_spawn_file_actions_adddup2(&actions, outWrite, 1)
    posix_spawn_file_actions_adddup2(&actions, errWrite, 2)
    if let directory { _ = GNU.addChdir(&actions, directory) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map {
      "\($0)=\($1)"
    }
    var pid: pid_t = 0
    let spawned = withCStrings([path] + arguments) { argv in
      withCStrings(environmentLines) { envp in
        posix_spawn(&pid, path, &actions, &attributes, argv, envp)
      }
    }
    for fd in [inRead, outWrite, errWrite] { close(fd) }
    guard spawned == 0 else {
      for fd in [inWrite, outRead, errRead] { close(fd) }
      throw SpawnError(description: "posix_spawn \(path): \(String(cString: strerror(spawned)))")
    }
    _ = fcntl(inWrite, F_SETFL, fcntl(inWrite, F_GETFL) | O_NONBLOCK)
    return collect(
      pid: pid, input: input, inWrite: inWrite, outRead: outRead, errRead: errRead, limit: limit)
  }

  /// The poll loop: writes the input while the child takes it, reads both outputs to their end,
  /// kills the child at the deadline, then reaps it.
  private static func collect(
    pid: pid_t, input: [UInt8], inWrite: Int32, outRead: Int32, errRead: Int32,
    limit: TimeInterval
  ) -> Output {
    let deadline = ContinuousClock.now + .milliseconds(Int(limit * 1000))
    var inputFD = inWrite
    var written = 0
    if input.isEmpty {
      close(inputFD)
      inputFD = -1
    }
    var readers: [Int32: Data] = [outRead: Data(), errRead: Data()]
    var (stdoutData, stderrData) = (Data(), Data())
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while inputFD >= 0 || !readers.isEmpty {
      var polled = [pollfd]()
      if inputFD >= 0 { polled.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
      for fd in readers.keys.sorted() {
        polled.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
      }
      let remaining = deadline - ContinuousClock.now
      let timeout = timedOut ? -1 : max(0, Int32(remaining / .milliseconds(1)))
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        // Past the limit: kill it, then keep reading until its outputs close.
        timedOut = true
        kill(pid, SIGKILL)
        continue
      }
      for entry in polled where entry.revents != 0 {
        if entry.fd == inputFD {
          let count = input.withUnsafeBytes { bytes in
            write(inputFD, bytes.baseAddress! + written, input.count - written)
          }
          if count > 0 { written += count }
          if count < 0, errno == EINTR || errno == EAGAIN { continue }
          if count < 0 || written == input.count {
            close(inputFD)  // done, or the child closed its end (EPIPE): no more input
            inputFD = -1
          }
        } else {
          let count = read(entry.fd, &buffer, buffer.count)
          if count > 0 {
            readers[entry.fd]?.append(contentsOf: buffer[0..<count])
          } else if count == 0 || errno != EINTR && errno != EAGAIN {
            let data = readers.removeValue(forKey: entry.fd) ?? Data()
            close(entry.fd)
            if entry.fd == outRead { stdoutData = data } else { stderrData = data }
          }
        }
      }
    }
    if inputFD >= 0 { close(inputFD) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
    return Output(
      exitStatus: signalled ? nil : (status >> 8) & 0xFF, signal: signalled ? status & 0x7F : nil,
      stdout: stdoutData, stderr: stderrData, timedOut: timedOut)
  }
}

extension ChildProcess {
  /// Reads `descriptor` to its end, retrying a read that a signal interrupted (`EINTR`), where
  /// `FileHandle.readDataToEndOfFile()` traps.
  static func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        return data
      }
    }
  }
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
  let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
  defer {
    for pointer in pointers { free(pointer) }
  }
  return body(pointers)
}

/// Two glibc functions the Swift module of Glibc does not declare (they need `_GNU_SOURCE`):
/// `pipe2`, so the pipes are close-on-exec from the start (a child spawned at the same moment by
/// another test cannot inherit them and hold a pipe open), and
/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
private enum GNU {
  typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
  typealias AddChdir =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32

  static func symbol<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let address = dlsym(nil, name) else { preconditionFailure("glibc has no \(name)") }
    return unsafeBitCast(address, to: type)
  }

  static func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
    symbol("pipe2", as: Pipe2.self)(fds, flags)
  }

  static func addChdir(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String
  ) -> Int32 {
    symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)(actions, path)
  }
}
