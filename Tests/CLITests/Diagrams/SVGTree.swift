import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG document read back with Foundation's `XMLParser` (libxml2 on Linux): every element in
/// document order, with its attributes, its text and its ancestors.
///
/// The parser rejects bad syntax (a bare `&`, an unquoted attribute), but on Linux it lets a
/// mismatched or missing end tag through, so the reader checks the nesting itself: each end tag
/// closes the element last opened, every element is closed, and there is one root.
struct SVGTree {
  /// One element of the document.
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The text directly inside it, entities decoded.
    var text: String
    /// Indices (in ``SVGTree/elements``) of the enclosing elements, outermost first.
    var ancestors: [Int]

    /// The words of its `class` attribute.
    var classes: Set<String> {
      Set(attributes["class"]?.split(separator: " ").map(String.init) ?? [])
    }

    /// An attribute read as a whole number.
    func number(_ attribute: String) -> Int? {
      attributes[attribute].flatMap { Int($0) }
    }
  }

  /// A document the parser rejected.
  struct NotWellFormed: Error, CustomStringConvertible {
    var description: String
  }

  var elements: [Element]

  init(parsing text: String) throws {
    let reader = TreeReader()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = reader
    let parsed = parser.parse()
    if let problem = reader.problem ?? (reader.isComplete ? nil : "an element is never closed") {
      throw NotWellFormed(description: problem)
    }
    guard parsed else {
      throw NotWellFormed(
        description: "line \(parser.lineNumber), column \(parser.columnNumber): "
          + "\(parser.parserError.map { "\($0)" } ?? "not well-formed")")
    }
    elements = reader.elements
  }

  /// The root element.
  var root: Element? { elements.first }

  /// The indices of the elements with every one of `classes`.
  func indices(withClasses classes: String...) -> [Int] {
    elements.indices.filter { elements[$0].classes.isSuperset(of: classes) }
  }

  /// The elements inside the element at `index`, at any depth.
  func descendants(of index: Int) -> [Element] {
    elements.filter { $0.ancestors.contains(index) }
  }
}

/// Collects the parser's callbacks into elements.
private final class TreeReader: NSObject, XMLParserDelegate {
  var elements: [SVGTree.Element] = []
  /// The first nesting error found.
  var problem: String?
  private var open: [Int] = []

  /// Whether a root was read and every element was closed.
  var isComplete: Bool { !elements.isEmpty && open.isEmpty }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if open.isEmpty, !elements.isEmpty {
      fail(parser, "a second root element <\(elementName)>")
      return
    }
    elements.append(
      SVGTree.Element(name: elementName, attributes: attributes, text: "", ancestors: open))
    open.append(elements.count - 1)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard let current = open.last, elements[current].name == elementName else {
      let expected = open.last.map { "</\(elements[$0].name)>" } ?? "no end tag"
      fail(parser, "line \(parser.lineNumber): </\(elementName)> where \(expected) belongs")
      return
    }
    open.removeLast()
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    if problem == nil { problem = message }
    parser.abortParsing()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let current = open.last { elements[current].text += string }
  }
}
