import Foundation

/// `--svg FILE` and `--labels NAMES` of `brew-search marbles`: where to draw the diagram, and
/// the names of its lanes.
struct DiagramRequest {
  /// The file the SVG is written to.
  var path: String
  /// Lane names, inputs first; may name fewer lanes than the diagram has.
  var labels: [String]

  /// `nil` without `--svg`. Checks the options before anything is evaluated, so a bad one fails
  /// at once; `laneCount` is how many lanes (inputs, then outputs of one engine) can be named.
  init?(_ arguments: ParsedArguments, laneCount: Int) throws(CommandLineError) {
    guard let path = arguments.value("--svg") else {
      if arguments.value("--labels") != nil {
        throw CommandLineError("marbles: --labels names the lanes of the SVG: it needs --svg FILE")
      }
      return nil
    }
    guard !path.isEmpty else { throw CommandLineError("marbles: --svg needs a file name") }
    self.path = path
    labels =
      arguments.value("--labels").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      } ?? []
    if let empty = labels.firstIndex(where: \.isEmpty) {
      throw CommandLineError("marbles: --labels: name \(empty + 1) is empty")
    }
    guard labels.count <= laneCount else {
      throw CommandLineError(
        "marbles: --labels gives \(labels.count) names, but the diagram has \(laneCount) lanes "
          + "to name (the inputs, then the outputs)")
    }
  }

  /// Writes `svg` to ``path`` whole or not at all: into a temporary file beside it, then renamed
  /// over it, so a failure never leaves a partial picture.
  func write(_ svg: String) throws(CommandLineError) {
    let manager = FileManager.default
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw CommandLineError("cannot write the SVG to '\(path)': it is a folder")
    }
    guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw CommandLineError(
        "cannot write the SVG to '\(path)': the folder '\(folder)' does not exist")
    }
    guard manager.isWritableFile(atPath: folder) else {
      throw CommandLineError(
        "cannot write the SVG to '\(path)': the folder '\(folder)' is not writable")
    }
    do {
      try Data(svg.utf8).write(to: url, options: .atomic)
    } catch {
      throw CommandLineError("cannot write the SVG to '\(path)': \(error.localizedDescription)")
    }
  }
}
