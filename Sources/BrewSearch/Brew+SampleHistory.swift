import Foundation

extension Brew {
  /// A varied, realistic brew history of 42 brews (oldest first), embedded for demos and tests.
  ///
  /// ```swift
  /// let espressos = BrewQuery(method: .espresso).filter(Brew.sampleHistory)
  /// ```
  public static let sampleHistory: [Brew] = sampleRows.enumerated().map { offset, row in
    Brew(
      id: String(format: "sample-%02d", offset + 1),
      date: ISO8601Date.parse(row.date)!,
      method: row.method, rating: row.rating, notes: row.notes)
  }
}

private let sampleRows: [(date: String, method: BrewMethod, rating: Int, notes: String)] = [
  (
    "2025-01-03T07:12:00Z", .pourOver, 4,
    "Guji, Ethiopia. Jasmine and peach, 1:16, 94°C, medium-fine."
  ),
  (
    "2025-01-04T08:40:00Z", .espresso, 3,
    "Brazil Cerrado, 18 g in, 36 g out, 28 s. Nutty but a bit flat."
  ),
  (
    "2025-01-05T09:05:00Z", .frenchPress, 4,
    "Sumatra Mandheling, coarse, 4 min steep. Earthy, heavy body."
  ),
  (
    "2025-01-06T07:30:00Z", .aeroPress, 5,
    "Kenya Nyeri AA, inverted, 1:14, 85°C. Blackcurrant, juicy."
  ),
  (
    "2025-01-08T06:55:00Z", .filter, 3,
    "Supermarket house blend, batch brew. Fine, nothing special."
  ),
  (
    "2025-01-09T07:45:00Z", .mokaPot, 2,
    "Italian dark roast, too fine, sputtered early. Bitter, burnt."
  ),
  (
    "2025-01-11T10:20:00Z", .coldBrew, 4,
    "Colombia Huila, 1:8 concentrate, 16 h in the fridge. Chocolate."
  ),
  (
    "2025-01-12T08:00:00Z", .pourOver, 5,
    "Yirgacheffe washed, V60, 15 g / 250 g, 93°C. Bright, lemony tea."
  ),
  (
    "2025-01-14T07:10:00Z", .espresso, 4,
    "Ethiopia Sidamo as espresso, 18 g → 40 g, 30 s. Berries, syrupy."
  ),
  (
    "2025-01-15T07:35:00Z", .aeroPress, 3,
    "Guatemala Antigua, standard method, 2 min. Cocoa, slightly dull."
  ),
  (
    "2025-01-17T09:15:00Z", .filter, 4,
    "Costa Rica Tarrazú honey process, Moccamaster. Caramel, clean."
  ),
  (
    "2025-01-18T08:25:00Z", .pourOver, 3,
    "Kalita Wave, Rwanda natural, ground too coarse: thin, sour."
  ),
  (
    "2025-01-19T10:00:00Z", .frenchPress, 5,
    "Papua New Guinea, 1:15, 4 min then skim. Tropical fruit, silky."
  ),
  (
    "2025-01-21T07:05:00Z", .espresso, 2, "New grinder, channeling badly, 19 s shot. Sour and thin."
  ),
  (
    "2025-01-22T07:50:00Z", .mokaPot, 4,
    "Brazil Santos, medium grind, low flame. Hazelnut, café crema."
  ),
  (
    "2025-01-24T06:45:00Z", .pourOver, 4,
    "Panama Boquete, Chemex, 1:17, 95°C. Floral, bergamot, long."
  ),
  (
    "2025-01-25T09:30:00Z", .coldBrew, 3,
    "Leftover Sumatra, coarse, 12 h. Muddy, needed dilution 1:1."
  ),
  (
    "2025-01-26T08:10:00Z", .aeroPress, 4,
    "Burundi Kayanza, 1:13, 80°C, bypass to taste. Citrusy, sweet."
  ),
  ("2025-01-28T07:20:00Z", .filter, 1, "Old beans (6 weeks), batch brew. Cardboard, stale, flat."),
  (
    "2025-01-29T07:40:00Z", .espresso, 5,
    "Dialed in the Sidamo: 18 g → 38 g, 29 s, 93°C. Blueberry jam."
  ),
  (
    "2025-01-31T08:05:00Z", .pourOver, 3,
    "Decaf Colombia (sugarcane EA), V60, 1:16. Sweet but papery."
  ),
  (
    "2025-02-01T09:45:00Z", .frenchPress, 3,
    "Honduras, 1:16, 5 min. A bit silty, toffee, mild acidity."
  ),
  (
    "2025-02-02T10:30:00Z", .mokaPot, 3, "Lavazza Qualità Rossa, pre-heated water. Classic, strong."
  ),
  (
    "2025-02-04T07:00:00Z", .espresso, 4,
    "Brazil + Ethiopia blend, 18 g → 36 g, 27 s. Milk chocolate."
  ),
  (
    "2025-02-05T07:25:00Z", .pourOver, 5,
    "Gesha, Hacienda La Esmeralda, 1:16, 92°C. Jasmine, tea-like."
  ),
  ("2025-02-07T08:15:00Z", .aeroPress, 2, "Too hot (100°C) with a dark roast. Ashy, harsh finish."),
  (
    "2025-02-08T09:00:00Z", .coldBrew, 5,
    "Ethiopia natural cold brew, 1:10, 18 h. Strawberry, no bitterness."
  ),
  (
    "2025-02-09T08:35:00Z", .filter, 4,
    "Kenya Kirinyaga batch brew, 60 g/L. Tomato-sweet, grapefruit."
  ),
  ("2025-02-11T07:15:00Z", .espresso, 3, "Ristretto, 18 g → 25 g, 22 s. Intense, salty edge."),
  (
    "2025-02-12T07:55:00Z", .pourOver, 4,
    "Bolivia Caranavi, Origami dripper, 1:15. Apricot, brown sugar."
  ),
  (
    "2025-02-14T08:20:00Z", .frenchPress, 4,
    "Valentine's blend, 1:14, 4 min, James Hoffmann method. Cherry."
  ),
  (
    "2025-02-15T09:10:00Z", .mokaPot, 5,
    "Bogotá market beans, medium-fine, off heat at first gurgle."
  ),
  (
    "2025-02-16T10:05:00Z", .aeroPress, 4,
    "Peru Cajamarca, 1:15, 90°C, 90 s. Clean, orange zest, nougat."
  ),
  (
    "2025-02-18T07:05:00Z", .espresso, 4,
    "Flat white with Colombia Huila, 18 g → 36 g. Caramel in milk."
  ),
  (
    "2025-02-19T07:40:00Z", .filter, 3,
    "Office Bunn brewer, Guatemala. Okay, slightly over-extracted."
  ),
  (
    "2025-02-21T08:00:00Z", .pourOver, 2,
    "Stale Yemen Mokha, grind too fine, stalled drawdown 5 min."
  ),
  (
    "2025-02-22T09:20:00Z", .coldBrew, 4,
    "Brazil cold brew, 1:8, 14 h, cut with oat milk. Peanut butter."
  ),
  (
    "2025-02-23T08:45:00Z", .frenchPress, 1,
    "Forgot it for 12 minutes. Bitter, astringent, over-extracted."
  ),
  (
    "2025-02-25T07:30:00Z", .aeroPress, 5,
    "Championship recipe, Ethiopia Guji, 1:12 + bypass. Bright, fruity."
  ),
  ("2025-02-26T07:50:00Z", .espresso, 3, "Nicaragua Jinotega, 18 g → 45 g lungo, 35 s. Woody."),
  (
    "2025-02-28T08:10:00Z", .mokaPot, 3,
    "Crème brûlée notes claimed on bag; got toasted sugar, fine."
  ),
  (
    "2025-03-01T09:00:00Z", .pourOver, 4,
    "Rwanda washed, Kalita, 1:16, 94°C, finer grind. Red apple, clean."
  ),
]
