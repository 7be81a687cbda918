@testable import Site
import Foundation
import StepwiseTestSupport
import Testing

/// Words → search terms: folded (accents, ß, æ…), split on anything but letters, marks and digits,
/// short and stop words dropped, one ending of the language's table stripped.
@Suite struct SearchTokenizerTests {
    @Test("accents of French, German, Swedish and Spanish fold to the letters readers type")
    func folding() {
        #expect(SearchTokenizer.fold("Créer, Élément, cœur, naïve, garçon") == "creer, element, coeur, naive, garcon")
        #expect(SearchTokenizer.fold("Straße, Übersicht, Größe") == "strasse, ubersicht, grosse")
        #expect(SearchTokenizer.fold("Åtgärd, Översikt, Sök") == "atgard, oversikt, sok")
        #expect(SearchTokenizer.fold("Año, Configuración, pingüino, ¿Qué?") == "ano, configuracion, pinguino, ¿que?")
        #expect(SearchTokenizer.fold("Créer") == SearchTokenizer.fold("Cre\u{301}er"), "composed and decomposed spellings fold alike")
    }

    @Test("words split on punctuation, apostrophes and hyphens, never inside accented letters")
    func words() {
        #expect(SearchTokenizer.words(SearchTokenizer.fold("l’application d'Azure: notification-hubs (iOS 8)")) == ["l", "application", "d", "azure", "notification", "hubs", "ios", "8"])
        #expect(SearchTokenizer.words(SearchTokenizer.fold("Größe—Übersicht/Åtgärd")) == ["grosse", "ubersicht", "atgard"])
        #expect(SearchTokenizer.words("über") == ["über"], "an unfolded accented letter is part of its word")
        #expect(SearchTokenizer.words("Привет, мир! 日本語 𝒜b 🙂x ½ e\u{301}t") == ["Привет", "мир", "日本語", "𝒜b", "x", "½", "e\u{301}t"],
                "scalars of two, three and four bytes; a symbol splits, a mark and a number do not")
    }

    @Test("French stems: créer, créez, créé, créée, création fold and stem to one term")
    func french() {
        let tokenizer = SearchTokenizer(locale: "fr-fr")
        #expect(tokenizer.terms("Créer créez créé créée création créations") == Array(repeating: "cre", count: 6))
        #expect(tokenizer.terms("installer installez installation") == ["install", "install", "install"])
        #expect(tokenizer.terms("de la et les une pour vous") == [], "stop words")
        #expect(tokenizer.terms("l’application") == ["applic"], "an elided article is too short to index")
    }

    @Test("German, Swedish, Spanish and English stems")
    func otherLanguages() {
        #expect(SearchTokenizer(locale: "de-de").terms("Erstellen Erstellung erstellt") == ["erstell", "erstell", "erstell"])
        #expect(SearchTokenizer(locale: "de-de").terms("Straße Strasse") == ["strass", "strass"])
        #expect(SearchTokenizer(locale: "sv-se").terms("skapa skapar skapade skapande") == ["skap", "skap", "skap", "skap"])
        #expect(SearchTokenizer(locale: "sv-se").terms("Åtgärder åtgärd") == ["atgard", "atgard"])
        #expect(SearchTokenizer(locale: "es-es").terms("crear creación creado Añadir añade") == ["cre", "cre", "cre", "anad", "anad"])
        #expect(SearchTokenizer(locale: "en-us").terms("creating created creates the notifications") == ["creat", "creat", "creat", "notific"])
    }

    @Test("terms are the terms of the folded text's words, one by one", arguments: ["fr-fr", "es-es", "de-de", "ja-jp"])
    func termsOfWords(locale: String) {
        let tokenizer = SearchTokenizer(locale: locale)
        let text = "Créez l’application « Hubs » : Größe, años, 2015, iOS8, 日本語のテキスト, Привет мир, ŒUVRES, x, de la, 𝒜bc 🙂"
        #expect(tokenizer.terms(text) == SearchTokenizer.words(SearchTokenizer.fold(text)).compactMap(tokenizer.term))
    }

    @Test("distinct terms are the terms each once, sorted: on each seed and on words repeated, stemmed alike or spelled apart", arguments: ["fr-fr", "es-es", "de-de", "sv-se", "en-us"])
    func distinctTerms(locale: String) throws {
        let tokenizer = SearchTokenizer(locale: locale)
        var texts = try RepositoryFiles.seeds.map { try String(contentsOf: RepositoryFiles.content.appendingPathComponent($0.path), encoding: .utf8) }
        texts += [
            "", "de la de la", "Créer créez créé Cre\u{301}er CRÉER créer", "Straße Strasse strasse 2015 2015 iOS8 ios8",
            "hubs hub hubs Hubs 日本語 日本語 Привет привет 𝒜bc 𝒜bc", "x y z", "installation installer installez installation",
            // Many distinct words, each twice (the table of words seen grows, and still finds them).
            Array(repeating: (0..<600).map { "mot\($0)é configuration\($0 % 7)" }.joined(separator: " "), count: 2).joined(separator: " "),
        ]
        for text in texts {
            let expected = Set(tokenizer.terms(text)).sorted()
            #expect(tokenizer.distinctTerms(text) == expected, "\(text.prefix(60))")
        }
        #expect(tokenizer.distinctTerms(texts[0]).count > 100, "a seed has many distinct terms")
    }

    @Test("stop words are matched whole: up to eight bytes by their packed bytes, longer ones as strings")
    func stopWordsWhole() {
        let tokenizer = SearchTokenizer(rules: SearchRules(stopWords: "configuration de notific", minimumStem: 3))
        #expect(tokenizer.terms("configuration configurations de des configura notific notifica notifi") ==
                ["configurations", "des", "configura", "notifica", "notifi"],
                "a word that shares a stop word's first eight bytes, or is its prefix, is not one")
        #expect(tokenizer.distinctTerms("de configuration notific des") == ["des"])
    }

    @Test("endings that are not ASCII: the stem's length counts scalars, not bytes")
    func scalarsNotBytes() {
        let tokenizer = SearchTokenizer(rules: SearchRules(suffixes: "ия я>ь é>e", minimumStem: 3))
        #expect(tokenizer.stem("станция") == "станц")
        #expect(tokenizer.stem("ыия") == "ыия", "three scalars (six bytes) leave a stem of two")
        #expect(tokenizer.stem("ыыыя") == "ыыыь")
        #expect(tokenizer.stem("cafеé") == "cafеe", "a Cyrillic е before the ending is kept")
        #expect(tokenizer.stem("caffe\u{301}") == "caffe\u{301}", "a decomposed é does not end with the scalar é")
        #expect(tokenizer.stem("станция2") == "станция2")
    }

    /// The stem a plain reading of the table gives: the first ending, in the table's order, that the
    /// word ends with and that leaves a long enough stem.
    private func tableStem(_ word: String, _ rules: SearchRules) -> String {
        guard !word.contains(where: \.isNumber) else { return word }
        for pair in rules.suffixes where word.unicodeScalars.count - pair[0].unicodeScalars.count >= rules.minimumStem
            && Array(word.utf8).reversed().starts(with: Array(pair[0].utf8).reversed()) {
            return String(decoding: word.utf8.dropLast(pair[0].utf8.count), as: UTF8.self) + pair[1]
        }
        return word
    }

    @Test("a word's stem is the first ending of the table that fits, whatever ending its last byte selects", arguments: ["fr-fr", "es-es", "de-de", "sv-se", "en-us"])
    func stemsFollowTheTable(locale: String) {
        let words = ["creations", "creation", "installerait", "configuracion", "configuraciones", "erstellungen", "heiten", "skapade",
                     "nationalities", "ness", "ses", "s", "", "abcde", "arrivees", "x", "eraient", "amientos", "aaaa", "ies", "lies"]
        let rules = SearchRules.forLocale(locale)
        let tokenizer = SearchTokenizer(rules: rules)
        for word in words { #expect(tokenizer.stem(word) == tableStem(word, rules), "\(locale) \(word)") }
        // An empty ending fits every word, in its place in the table.
        let empty = SearchRules(suffixes: "ing >x s", minimumStem: 2)
        for word in ["going", "cats", "tree", "ab"] { #expect(SearchTokenizer(rules: empty).stem(word) == tableStem(word, empty), "\(word)") }
    }

    @Test("words with digits are kept whole; a language without a table only folds")
    func unstemmed() {
        #expect(SearchTokenizer(locale: "fr-fr").terms("iOS8 x64 2015") == ["ios8", "x64", "2015"])
        #expect(SearchTokenizer(locale: "ja-jp").terms("Créations Été") == ["creations", "ete"])
    }
}
