/// How the words of one language are turned into search terms: a data table, not code per
/// language. The index carries its rules, so the browser's script applies exactly these (see
/// `SearchTokenizer` and `templates/assets/search.js`).
public struct SearchRules: Hashable, Sendable, Codable {
    /// Folded words that are not indexed (looked up before stemming).
    public var stopWords: [String]
    /// Endings removed from a folded word, longest first: `(suffix, replacement)`. The first one
    /// that leaves at least `minimumStem` characters is applied, once.
    public var suffixes: [[String]]
    public var minimumStem: Int

    /// Words shorter than this (in Unicode scalars) are not indexed.
    public static let minimumLength = 2

    /// Letters that do not decompose into a base letter and a mark, spelled as readers type them.
    public static let foldings: [String: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ı": "i", "ŀ": "l",
    ]

    init(stopWords: String = "", suffixes: String = "", minimumStem: Int = 3) {
        self.stopWords = stopWords.split(separator: " ").map(String.init).sorted()
        let pairs = suffixes.split(separator: " ").map { pair in pair.split(separator: ">", omittingEmptySubsequences: false).map(String.init) }
        self.suffixes = pairs.map { [$0[0], $0.count > 1 ? $0[1] : ""] }
            .sorted { ($0[0].unicodeScalars.count, $1[0]) > ($1[0].unicodeScalars.count, $0[0]) }
        self.minimumStem = minimumStem
    }

    /// The rules of a locale's language (`fr-fr` → French); folding only for a language without a table.
    public static func forLocale(_ locale: String) -> SearchRules {
        let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? locale
        return table[language] ?? SearchRules()
    }

    /// Light stemmers (plural, gender, common verb and noun endings) and the commonest function words.
    static let table: [String: SearchRules] = [
        "en": SearchRules(
            stopWords: "a about after all also an and any are as at be been but by can do does for from has have how if in into is it its may more must not of on one or other so such than that the their then there these this to use used using was were when which will with you your",
            suffixes: "ational>ate ations ation ings ing ies>y ied>y ness ments ment ers er ed es ly s"),
        "fr": SearchRules(
            stopWords: "afin ainsi alors au aussi autre autres aux avec avez ce cela celle celles celui ces cet cette ceux comme dans de des donc dont du elle elles en entre est et etc etre il ils la le les leur leurs lors lorsque lui mais meme ne nous on ou par pas peut peuvent plus pour pouvez qu que quel quelle qui sa sans se ses si son sont sous sur toute toutes tous tout un une vers vos votre vous",
            suffixes: "eraient erait erons erez eront erai era issements issement atrices atrice ateurs ateur ations ation ements ement ances ance ences ence ables able ismes isme istes iste euses euse ments ment ites ite ives ive eurs eur ees ee ez er es e s x"),
        "es": SearchRules(
            stopWords: "al algunos como con cual cuando de del desde donde el ella en entre es esta estas este esto estos hay la las le les lo los mas muy no o otra otras otro otros para pero por puede pueden puedes que se si sin sobre su sus tambien todo todos un una unas uno unos usted ya",
            suffixes: "aciones acion amientos amiento imientos imiento mente idades idad ables able ibles ible istas ista adores ador adoras adora ando iendo ados adas idos idas ado ada ido ida ar er ir es as os a o e s"),
        "de": SearchRules(
            stopWords: "als am an auch auf aus bei bis das dass dem den der des die dies diese diesem dieser dieses durch ein eine einem einen einer eines es fur hat im in ist kann konnen mit nach nicht noch nur oder sich sie sind so uber um und von vom werden wenn wie wird zu zum zur",
            suffixes: "ungen ung heiten heit keiten keit lichen lich ern em en er es et st e n s t"),
        "sv": SearchRules(
            stopWords: "alla an ar att av de dem den denna dess dessa det detta du efter eller en ett for fran har hur i inte kan man med men mot nar och om pa sa sig sin som till under ut var vi vid vilka vilken",
            suffixes: "heterna heten heter arna erna orna ande ende aste het ade are ast ar er or en an at et a e s"),
    ]
}
