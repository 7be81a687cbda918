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
            stopWords: "an and are as at be by for from in is it of on or that the this to with you your can will not",
            suffixes: "ational>ate ations ation ings ing ies>y ied>y ness ments ment ers er ed es ly s"),
        "fr": SearchRules(
            stopWords: "au aux ce ces cet cette dans de des du elle elles en est et il ils la le les leur leurs lui ne nous on ou par pas pour qu que qui sa se ses son sont sur un une vos votre vous",
            suffixes: "eraient erait erons erez eront erai era issements issement atrices atrice ateurs ateur ations ation ements ement ances ance ences ence ables able ismes isme istes iste euses euse ments ment ites ite ives ive eurs eur ees ee ez er es e s x"),
        "es": SearchRules(
            stopWords: "al como con de del el en es esta este la las le les lo los mas no para pero por que se su sus un una unas unos usted",
            suffixes: "aciones acion amientos amiento imientos imiento mente idades idad ables able ibles ible istas ista adores ador adoras adora ando iendo ados adas idos idas ado ada ido ida ar er ir es as os a o e s"),
        "de": SearchRules(
            stopWords: "am an auch auf aus bei das dass dem den der des die ein eine einem einen einer eines es fur im in ist mit nach nicht oder sich sie sind und von vom wird werden wie zu zum zur",
            suffixes: "ungen ung heiten heit keiten keit lichen lich ern em en er es et st e n s t"),
        "sv": SearchRules(
            stopWords: "ar att av de dem den denna det detta dessa du en ett for fran har i inte kan med men och om pa sig som till var vi vid",
            suffixes: "heterna heten heter arna erna orna ande ende aste het ade are ast ar er or en an at et a e s"),
    ]
}
