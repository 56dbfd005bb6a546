import BrewSearch
import Foundation

/// The live, full-screen search: key presses in, the model's state drawn after every change.
struct InteractiveSearch<Session: LiveSession> {
  let session: Session
  let terminal: RawTerminal
  let engine: String

  func run() async -> Int32 {
    let screen = ScreenState(
      model: session.model,
      screen: SearchScreen(
        useColor: ProcessInfo.processInfo.environment["NO_COLOR"] == nil, engineName: engine))
    let (redraws, redraw) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    session.model.onFilterApplied = { redraw.yield() }
    session.model.onRecentSearchesChanged = { redraw.yield() }
    await screen.draw()
    await session.start()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await bytes in StandardInput.keyPresses() {
          let (inputs, exit) = await screen.handle(bytes)
          for input in inputs { await session.apply(input) }
          await screen.draw()
          if exit { break }
        }
      }
      group.addTask {
        for await _ in redraws { await screen.draw() }
      }
      group.addTask {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(100))
          if RawTerminal.resized.exchange(false, ordering: .relaxed) { await screen.draw() }
        }
      }
      // The key loop ends on Esc, Ctrl-C or end of input; then everything else stops.
      await group.next()
      group.cancelAll()
      redraw.finish()
    }
    await session.stop()
    terminal.restore()
    return 0
  }
}

/// What the user has typed and chosen, and the drawing of it; one place, so draws never overlap.
actor ScreenState<Model: BrewSearchModel> {
  let model: Model
  let screen: SearchScreen
  private var text = ""
  private var method: BrewMethod?
  private var rating = 0

  init(model: Model, screen: SearchScreen) {
    self.model = model
    self.screen = screen
  }

  /// Turns key bytes into model inputs; `exit` when the user asked to leave.
  func handle(_ bytes: [UInt8]) -> (inputs: [SearchInput], exit: Bool) {
    let actions = SearchScreen.actions(for: bytes, text: &text, method: &method, rating: &rating)
    var inputs: [SearchInput] = []
    for action in actions {
      switch action {
      case .input(let input): inputs.append(input)
      case .exit: return (inputs, true)
      case .none: break
      }
    }
    return (inputs, false)
  }

  func draw() {
    Terminal.write(
      screen.render(
        model: model, text: text, method: method, rating: rating, size: RawTerminal.size))
  }
}
