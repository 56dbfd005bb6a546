import BrewSearch
import Foundation

/// The live, full-screen search: key presses in, the model's state drawn after every change.
///
/// Keys are read, decoded, applied to the query and echoed on a thread of their own
/// (``KeyReader``), never on the cooperative pool: a filter pass that keeps every cooperative
/// thread busy cannot delay a key's echo. Only the model's inputs go through a task.
struct InteractiveSearch<Session: LiveSession> {
  let session: Session
  let terminal: RawTerminal
  let engine: String

  func run() async -> Int32 {
    let session = session
    let screen = LiveScreen(
      model: session.model,
      screen: SearchScreen(
        useColor: ProcessInfo.processInfo.environment["NO_COLOR"] == nil, engineName: engine),
      queryChanged: { session.prefetch($0) })
    session.model.onFilterApplied = { screen.passPublished() }
    session.model.onRecentSearchesChanged = { screen.draw() }
    screen.draw(full: true)
    await session.start()
    for await input in KeyReader.inputs(for: screen) {
      await session.apply(input)
    }
    session.model.onFilterApplied = nil
    session.model.onRecentSearchesChanged = nil
    await session.stop()
    terminal.restore()
    return 0
  }
}

/// The thread that reads the terminal: decodes keys, edits and echoes the query, redraws after a
/// resize, and hands the model's inputs over as a stream that ends when the user leaves.
enum KeyReader {
  /// How long a lone Esc waits for the rest of a sequence before it counts as the Esc key.
  static let escapeWait: Int32 = 40

  /// Starts the thread, reading keys from `descriptor` (standard input by default; a test passes
  /// a pseudo-terminal's).
  static func inputs<Model>(
    for screen: LiveScreen<Model>, from descriptor: Int32 = STDIN_FILENO
  ) -> AsyncStream<SearchInput> {
    let (stream, continuation) = AsyncStream.makeStream(of: SearchInput.self)
    let reader = Thread {
      // Named, so that `perf sched` and `top -H` show it apart from the cooperative pool.
      Thread.current.name = "bs-keys"
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 256)
      reading: while true {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, decoder.isWaiting ? escapeWait : 100)
        if RawTerminal.resized.exchange(false, ordering: .relaxed) { screen.draw(full: true) }
        let keys: [Key]
        if ready > 0 {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 256) }
          if count < 0, errno == EINTR { continue }
          if count <= 0 { break reading }
          keys = decoder.decode(buffer[0..<count])
        } else if ready == 0, decoder.isWaiting {
          keys = decoder.flush()
        } else {
          continue
        }
        guard !keys.isEmpty else { continue }
        let outcome = screen.handle(keys)
        for input in outcome.inputs { continuation.yield(input) }
        if outcome.exit { break reading }
      }
      continuation.finish()
    }
    reader.start()
    return stream
  }
}
