import Foundation
@testable import Site
import Testing

/// How view models become template values (`TemplateValue(encoding:)`): every field, nested values
/// and containers, lists, a nil optional left out, a key encoded again replaced, and what a view
/// wrote before it threw.
@Suite struct TemplateEncodingTests {
    /// The value spelled with its object keys sorted: two values are equal when their spellings are.
    private func spelled(_ value: TemplateValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .int(let int): "\(int)"
        case .double(let double): "\(double)d"
        case .string(let string): string.debugDescription
        case .list(let items): "[" + items.map(spelled).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key):" + spelled($0.value) }.joined(separator: ",") + "}"
        }
    }

    struct Line: Encodable {
        var title: String
        var href: String?
        var closes: [Int] = []
    }

    struct Page: Encodable {
        var title = "Créer"
        var count = 3
        var ratio = 0.5
        var open = true
        var lines = [Line(title: "a", href: "a.html", closes: [0, 0]), Line(title: "b", href: nil)]
        var current: Line? = Line(title: "c", href: "#c")
        var missing: Line?
        var nested: [[String]] = [["x"], []]
    }

    @Test("a view's fields, nested views and lists are the template value's, nil optionals left out")
    func fields() {
        #expect(spelled(TemplateValue(encoding: Page())) == """
            {count:3,current:{closes:[],href:"#c",title:"c"},lines:[{closes:[0,0],href:"a.html",title:"a"},{closes:[],title:"b"}],\
            nested:[["x"],[]],open:true,ratio:0.5d,title:"Créer"}
            """)
    }

    /// A view that writes its fields by hand: nested containers filled after they are made, a key
    /// written twice, nil in a list, and a throw once some fields are written.
    struct Manual: Encodable {
        var fails = false
        enum Keys: String, CodingKey { case a, b, list, inner, after }
        struct Failure: Error {}

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .a)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            try list.encode(Line(title: "t", href: nil))
            try inner.encode(true, forKey: .b)
            try container.encode("second", forKey: .a)
            if fails {
                try container.encode(Failing(), forKey: .b)
                try container.encode("never", forKey: .after)
            }
        }
    }

    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Manual.Keys.self)
            try container.encode("written", forKey: .a)
            throw Manual.Failure()
        }
    }

    @Test("containers made by hand are filled after they are made, the last value of a key wins, and a view that throws renders what it wrote")
    func manual() {
        #expect(spelled(TemplateValue(encoding: Manual())) == #"{a:"second",inner:{b:true},list:[1,null,{closes:[],title:"t"}]}"#)
        #expect(spelled(TemplateValue(encoding: Manual(fails: true))) == #"{a:"second",b:{a:"written"},inner:{b:true},list:[1,null,{closes:[],title:"t"}]}"#)
    }
}
