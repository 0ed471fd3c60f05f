/// The Mustache spec's cases (https://github.com/mustache/spec, v1.x) for the modules
/// template_render implements: interpolation, sections, inverted, comments, delimiters and
/// partials (standalone-line whitespace is tested inside each). Lambdas and inheritance are
/// out of scope. `data` and `partials` are JSON; `expected` is the spec's html output.
struct TemplateSpecCase: CustomStringConvertible, Sendable {
    let module: String
    let name: String
    let data: String
    let template: String
    let expected: String
    var partials: String = "{}"

    var description: String { "\(module): \(name)" }

    static let all: [TemplateSpecCase] = interpolation + sections + inverted + comments + delimiters + partialCases

    static let interpolation: [TemplateSpecCase] = [
        .init(
            module: "interpolation", name: "No Interpolation", data: "{}",
            template: "Hello from {Mustache}!\n", expected: "Hello from {Mustache}!\n"),
        .init(
            module: "interpolation", name: "Basic Interpolation", data: #"{"subject": "world"}"#,
            template: "Hello, {{subject}}!\n", expected: "Hello, world!\n"),
        .init(
            module: "interpolation", name: "No Re-interpolation", data: #"{"template": "{{planet}}", "planet": "Earth"}"#,
            template: "{{template}}: {{planet}}", expected: "{{planet}}: Earth"),
        .init(
            module: "interpolation", name: "HTML Escaping", data: #"{"forbidden": "& \" < >"}"#,
            template: "These characters should be HTML escaped: {{forbidden}}\n",
            expected: "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
        .init(
            module: "interpolation", name: "Triple Mustache", data: #"{"forbidden": "& \" < >"}"#,
            template: "These characters should not be HTML escaped: {{{forbidden}}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            module: "interpolation", name: "Ampersand", data: #"{"forbidden": "& \" < >"}"#,
            template: "These characters should not be HTML escaped: {{&forbidden}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            module: "interpolation", name: "Basic Integer Interpolation", data: #"{"mph": 85}"#,
            template: "\"{{mph}} miles an hour!\"", expected: "\"85 miles an hour!\""),
        .init(
            module: "interpolation", name: "Triple Mustache Integer Interpolation", data: #"{"mph": 85}"#,
            template: "\"{{{mph}}} miles an hour!\"", expected: "\"85 miles an hour!\""),
        .init(
            module: "interpolation", name: "Ampersand Integer Interpolation", data: #"{"mph": 85}"#,
            template: "\"{{&mph}} miles an hour!\"", expected: "\"85 miles an hour!\""),
        .init(
            module: "interpolation", name: "Basic Decimal Interpolation", data: #"{"power": 1.210}"#,
            template: "\"{{power}} jiggawatts!\"", expected: "\"1.21 jiggawatts!\""),
        .init(
            module: "interpolation", name: "Triple Mustache Decimal Interpolation", data: #"{"power": 1.210}"#,
            template: "\"{{{power}}} jiggawatts!\"", expected: "\"1.21 jiggawatts!\""),
        .init(
            module: "interpolation", name: "Ampersand Decimal Interpolation", data: #"{"power": 1.210}"#,
            template: "\"{{&power}} jiggawatts!\"", expected: "\"1.21 jiggawatts!\""),
        .init(
            module: "interpolation", name: "Basic Null Interpolation", data: #"{"cannot": null}"#,
            template: "I ({{cannot}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Triple Mustache Null Interpolation", data: #"{"cannot": null}"#,
            template: "I ({{{cannot}}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Ampersand Null Interpolation", data: #"{"cannot": null}"#,
            template: "I ({{&cannot}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Basic Context Miss Interpolation", data: "{}",
            template: "I ({{cannot}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Triple Mustache Context Miss Interpolation", data: "{}",
            template: "I ({{{cannot}}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Ampersand Context Miss Interpolation", data: "{}",
            template: "I ({{&cannot}}) be seen!", expected: "I () be seen!"),
        .init(
            module: "interpolation", name: "Dotted Names - Basic Interpolation", data: #"{"person": {"name": "Joe"}}"#,
            template: "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"", expected: "\"Joe\" == \"Joe\""),
        .init(
            module: "interpolation", name: "Dotted Names - Triple Mustache Interpolation", data: #"{"person": {"name": "Joe"}}"#,
            template: "\"{{{person.name}}}\" == \"{{#person}}{{{name}}}{{/person}}\"", expected: "\"Joe\" == \"Joe\""),
        .init(
            module: "interpolation", name: "Dotted Names - Ampersand Interpolation", data: #"{"person": {"name": "Joe"}}"#,
            template: "\"{{&person.name}}\" == \"{{#person}}{{&name}}{{/person}}\"", expected: "\"Joe\" == \"Joe\""),
        .init(
            module: "interpolation", name: "Dotted Names - Arbitrary Depth",
            data: #"{"a": {"b": {"c": {"d": {"e": {"name": "Phil"}}}}}}"#,
            template: "\"{{a.b.c.d.e.name}}\" == \"Phil\"", expected: "\"Phil\" == \"Phil\""),
        .init(
            module: "interpolation", name: "Dotted Names - Broken Chains", data: #"{"a": {}}"#,
            template: "\"{{a.b.c}}\" == \"\"", expected: "\"\" == \"\""),
        .init(
            module: "interpolation", name: "Dotted Names - Broken Chain Resolution",
            data: #"{"a": {"b": {}}, "c": {"name": "Jim"}}"#,
            template: "\"{{a.b.c.name}}\" == \"\"", expected: "\"\" == \"\""),
        .init(
            module: "interpolation", name: "Dotted Names - Initial Resolution",
            data: #"{"a": {"b": {"c": {"d": {"e": {"name": "Phil"}}}}}, "b": {"c": {"d": {"e": {"name": "Wrong"}}}}}"#,
            template: "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"", expected: "\"Phil\" == \"Phil\""),
        .init(
            module: "interpolation", name: "Dotted Names - Context Precedence",
            data: #"{"a": {"b": {}}, "b": {"c": "ERROR"}}"#,
            template: "{{#a}}{{b.c}}{{/a}}", expected: ""),
        .init(
            module: "interpolation", name: "Dotted Names are never single keys", data: #"{"a.b": "c"}"#,
            template: "{{a.b}}", expected: ""),
        .init(
            module: "interpolation", name: "Dotted Names - No Masking", data: #"{"a.b": "c", "a": {"b": "d"}}"#,
            template: "{{a.b}}", expected: "d"),
        .init(
            module: "interpolation", name: "Implicit Iterators - Basic Interpolation", data: #""world""#,
            template: "Hello, {{.}}!\n", expected: "Hello, world!\n"),
        .init(
            module: "interpolation", name: "Implicit Iterators - HTML Escaping", data: #""& \" < >""#,
            template: "These characters should be HTML escaped: {{.}}\n",
            expected: "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
        .init(
            module: "interpolation", name: "Implicit Iterators - Triple Mustache", data: #""& \" < >""#,
            template: "These characters should not be HTML escaped: {{{.}}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            module: "interpolation", name: "Implicit Iterators - Ampersand", data: #""& \" < >""#,
            template: "These characters should not be HTML escaped: {{&.}}\n",
            expected: "These characters should not be HTML escaped: & \" < >\n"),
        .init(
            module: "interpolation", name: "Implicit Iterators - Basic Integer Interpolation", data: "85",
            template: "\"{{.}} miles an hour!\"", expected: "\"85 miles an hour!\""),
        .init(
            module: "interpolation", name: "Interpolation - Surrounding Whitespace", data: #"{"string": "---"}"#,
            template: "| {{string}} |", expected: "| --- |"),
        .init(
            module: "interpolation", name: "Triple Mustache - Surrounding Whitespace", data: #"{"string": "---"}"#,
            template: "| {{{string}}} |", expected: "| --- |"),
        .init(
            module: "interpolation", name: "Ampersand - Surrounding Whitespace", data: #"{"string": "---"}"#,
            template: "| {{&string}} |", expected: "| --- |"),
        .init(
            module: "interpolation", name: "Interpolation - Standalone", data: #"{"string": "---"}"#,
            template: "  {{string}}\n", expected: "  ---\n"),
        .init(
            module: "interpolation", name: "Triple Mustache - Standalone", data: #"{"string": "---"}"#,
            template: "  {{{string}}}\n", expected: "  ---\n"),
        .init(
            module: "interpolation", name: "Ampersand - Standalone", data: #"{"string": "---"}"#,
            template: "  {{&string}}\n", expected: "  ---\n"),
        .init(
            module: "interpolation", name: "Interpolation With Padding", data: #"{"string": "---"}"#,
            template: "|{{ string }}|", expected: "|---|"),
        .init(
            module: "interpolation", name: "Triple Mustache With Padding", data: #"{"string": "---"}"#,
            template: "|{{{ string }}}|", expected: "|---|"),
        .init(
            module: "interpolation", name: "Ampersand With Padding", data: #"{"string": "---"}"#,
            template: "|{{& string }}|", expected: "|---|"),
    ]

    static let sections: [TemplateSpecCase] = [
        .init(
            module: "sections", name: "Truthy", data: #"{"boolean": true}"#,
            template: "\"{{#boolean}}This should be rendered.{{/boolean}}\"", expected: "\"This should be rendered.\""),
        .init(
            module: "sections", name: "Falsey", data: #"{"boolean": false}"#,
            template: "\"{{#boolean}}This should not be rendered.{{/boolean}}\"", expected: "\"\""),
        .init(
            module: "sections", name: "Null is falsey", data: #"{"null": null}"#,
            template: "\"{{#null}}This should not be rendered.{{/null}}\"", expected: "\"\""),
        .init(
            module: "sections", name: "Context", data: #"{"context": {"name": "Joe"}}"#,
            template: "\"{{#context}}Hi {{name}}.{{/context}}\"", expected: "\"Hi Joe.\""),
        .init(
            module: "sections", name: "Parent contexts",
            data: #"{"a": "foo", "b": "wrong", "sec": {"b": "bar"}, "c": {"d": "baz"}}"#,
            template: "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"", expected: "\"foo, bar, baz\""),
        .init(
            module: "sections", name: "Variable test", data: #"{"foo": "bar"}"#,
            template: "\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"", expected: "\"bar is bar\""),
        .init(
            module: "sections", name: "List Context",
            data: #"{"tops": [{"tname": {"upper": "A", "lower": "a"}, "middles": [{"mname": "1", "bottoms": [{"bname": "x"}, {"bname": "y"}]}]}]}"#,
            template: "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}.{{/bottoms}}{{/middles}}{{/tops}}",
            expected: "a1.A1x.A1y."),
        .init(
            module: "sections", name: "Deeply Nested Contexts",
            data: #"{"a": {"one": 1}, "b": {"two": 2}, "c": {"three": 3, "d": {"four": 4, "five": 5}}}"#,
            template: """
                {{#a}}
                {{one}}
                {{#b}}
                {{one}}{{two}}{{one}}
                {{#c}}
                {{one}}{{two}}{{three}}{{two}}{{one}}
                {{#d}}
                {{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}
                {{#five}}
                {{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}
                {{one}}{{two}}{{three}}{{four}}{{.}}6{{.}}{{four}}{{three}}{{two}}{{one}}
                {{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}
                {{/five}}
                {{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}
                {{/d}}
                {{one}}{{two}}{{three}}{{two}}{{one}}
                {{/c}}
                {{one}}{{two}}{{one}}
                {{/b}}
                {{one}}
                {{/a}}

                """,
            expected: """
                1
                121
                12321
                1234321
                123454321
                12345654321
                123454321
                1234321
                12321
                121
                1

                """),
        .init(
            module: "sections", name: "List", data: #"{"list": [{"item": 1}, {"item": 2}, {"item": 3}]}"#,
            template: "\"{{#list}}{{item}}{{/list}}\"", expected: "\"123\""),
        .init(
            module: "sections", name: "Empty List", data: #"{"list": []}"#,
            template: "\"{{#list}}Yay lists!{{/list}}\"", expected: "\"\""),
        .init(
            module: "sections", name: "Doubled", data: #"{"bool": true, "two": "second"}"#,
            template: "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
            expected: "* first\n* second\n* third\n"),
        .init(
            module: "sections", name: "Nested (Truthy)", data: #"{"bool": true}"#,
            template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", expected: "| A B C D E |"),
        .init(
            module: "sections", name: "Nested (Falsey)", data: #"{"bool": false}"#,
            template: "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", expected: "| A  E |"),
        .init(
            module: "sections", name: "Context Misses", data: "{}",
            template: "[{{#missing}}Found key 'missing'!{{/missing}}]", expected: "[]"),
        .init(
            module: "sections", name: "Implicit Iterator - String", data: #"{"list": ["a", "b", "c", "d", "e"]}"#,
            template: "\"{{#list}}({{.}}){{/list}}\"", expected: "\"(a)(b)(c)(d)(e)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Integer", data: #"{"list": [1, 2, 3, 4, 5]}"#,
            template: "\"{{#list}}({{.}}){{/list}}\"", expected: "\"(1)(2)(3)(4)(5)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Decimal", data: #"{"list": [1.10, 2.20, 3.30, 4.40, 5.50]}"#,
            template: "\"{{#list}}({{.}}){{/list}}\"", expected: "\"(1.1)(2.2)(3.3)(4.4)(5.5)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Array", data: #"{"list": [[1, 2, 3], ["a", "b", "c"]]}"#,
            template: "\"{{#list}}({{#.}}{{.}}{{/.}}){{/list}}\"", expected: "\"(123)(abc)\""),
        .init(
            module: "sections", name: "Implicit Iterator - HTML Escaping", data: #"{"list": ["&", "\"", "<", ">"]}"#,
            template: "\"{{#list}}({{.}}){{/list}}\"", expected: "\"(&amp;)(&quot;)(&lt;)(&gt;)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Triple mustache", data: #"{"list": ["&", "\"", "<", ">"]}"#,
            template: "\"{{#list}}({{{.}}}){{/list}}\"", expected: "\"(&)(\")(<)(>)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Ampersand", data: #"{"list": ["&", "\"", "<", ">"]}"#,
            template: "\"{{#list}}({{&.}}){{/list}}\"", expected: "\"(&)(\")(<)(>)\""),
        .init(
            module: "sections", name: "Implicit Iterator - Root-level", data: #"[{"value": "a"}, {"value": "b"}]"#,
            template: "\"{{#.}}({{value}}){{/.}}\"", expected: "\"(a)(b)\""),
        .init(
            module: "sections", name: "Dotted Names - Truthy", data: #"{"a": {"b": {"c": true}}}"#,
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"", expected: "\"Here\" == \"Here\""),
        .init(
            module: "sections", name: "Dotted Names - Falsey", data: #"{"a": {"b": {"c": false}}}"#,
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", expected: "\"\" == \"\""),
        .init(
            module: "sections", name: "Dotted Names - Broken Chains", data: #"{"a": {}}"#,
            template: "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", expected: "\"\" == \"\""),
        .init(
            module: "sections", name: "Surrounding Whitespace", data: #"{"boolean": true}"#,
            template: " | {{#boolean}}\t|\t{{/boolean}} | \n", expected: " | \t|\t | \n"),
        .init(
            module: "sections", name: "Internal Whitespace", data: #"{"boolean": true}"#,
            template: " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", expected: " |  \n  | \n"),
        .init(
            module: "sections", name: "Indented Inline Sections", data: #"{"boolean": true}"#,
            template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", expected: " YES\n GOOD\n"),
        .init(
            module: "sections", name: "Standalone Lines", data: #"{"boolean": true}"#,
            template: "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", expected: "| This Is\n|\n| A Line\n"),
        .init(
            module: "sections", name: "Indented Standalone Lines", data: #"{"boolean": true}"#,
            template: "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", expected: "| This Is\n|\n| A Line\n"),
        .init(
            module: "sections", name: "Standalone Line Endings", data: #"{"boolean": true}"#,
            template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", expected: "|\r\n|"),
        .init(
            module: "sections", name: "Standalone Without Previous Line", data: #"{"boolean": true}"#,
            template: "  {{#boolean}}\n#{{/boolean}}\n/", expected: "#\n/"),
        .init(
            module: "sections", name: "Standalone Without Newline", data: #"{"boolean": true}"#,
            template: "#{{#boolean}}\n/\n  {{/boolean}}", expected: "#\n/\n"),
        .init(
            module: "sections", name: "Padding", data: #"{"boolean": true}"#,
            template: "|{{# boolean }}={{/ boolean }}|", expected: "|=|"),
    ]

    static let inverted: [TemplateSpecCase] = [
        .init(
            module: "inverted", name: "Falsey", data: #"{"boolean": false}"#,
            template: "\"{{^boolean}}This should be rendered.{{/boolean}}\"", expected: "\"This should be rendered.\""),
        .init(
            module: "inverted", name: "Truthy", data: #"{"boolean": true}"#,
            template: "\"{{^boolean}}This should not be rendered.{{/boolean}}\"", expected: "\"\""),
        .init(
            module: "inverted", name: "Null is falsey", data: #"{"null": null}"#,
            template: "\"{{^null}}This should be rendered.{{/null}}\"", expected: "\"This should be rendered.\""),
        .init(
            module: "inverted", name: "Context", data: #"{"context": {"name": "Joe"}}"#,
            template: "\"{{^context}}Hi {{name}}.{{/context}}\"", expected: "\"\""),
        .init(
            module: "inverted", name: "List", data: #"{"list": [{"n": 1}, {"n": 2}, {"n": 3}]}"#,
            template: "\"{{^list}}{{n}}{{/list}}\"", expected: "\"\""),
        .init(
            module: "inverted", name: "Empty List", data: #"{"list": []}"#,
            template: "\"{{^list}}Yay lists!{{/list}}\"", expected: "\"Yay lists!\""),
        .init(
            module: "inverted", name: "Doubled", data: #"{"bool": false, "two": "second"}"#,
            template: "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n",
            expected: "* first\n* second\n* third\n"),
        .init(
            module: "inverted", name: "Nested (Falsey)", data: #"{"bool": false}"#,
            template: "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", expected: "| A B C D E |"),
        .init(
            module: "inverted", name: "Nested (Truthy)", data: #"{"bool": true}"#,
            template: "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", expected: "| A  E |"),
        .init(
            module: "inverted", name: "Context Misses", data: "{}",
            template: "[{{^missing}}Found key 'missing'!{{/missing}}]", expected: "[Found key 'missing'!]"),
        .init(
            module: "inverted", name: "Dotted Names - Truthy", data: #"{"a": {"b": {"c": true}}}"#,
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"\"", expected: "\"\" == \"\""),
        .init(
            module: "inverted", name: "Dotted Names - Falsey", data: #"{"a": {"b": {"c": false}}}"#,
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", expected: "\"Not Here\" == \"Not Here\""),
        .init(
            module: "inverted", name: "Dotted Names - Broken Chains", data: #"{"a": {}}"#,
            template: "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", expected: "\"Not Here\" == \"Not Here\""),
        .init(
            module: "inverted", name: "Surrounding Whitespace", data: #"{"boolean": false}"#,
            template: " | {{^boolean}}\t|\t{{/boolean}} | \n", expected: " | \t|\t | \n"),
        .init(
            module: "inverted", name: "Internal Whitespace", data: #"{"boolean": false}"#,
            template: " | {{^boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", expected: " |  \n  | \n"),
        .init(
            module: "inverted", name: "Indented Inline Sections", data: #"{"boolean": false}"#,
            template: " {{^boolean}}NO{{/boolean}}\n {{^boolean}}WAY{{/boolean}}\n", expected: " NO\n WAY\n"),
        .init(
            module: "inverted", name: "Standalone Lines", data: #"{"boolean": false}"#,
            template: "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", expected: "| This Is\n|\n| A Line\n"),
        .init(
            module: "inverted", name: "Standalone Indented Lines", data: #"{"boolean": false}"#,
            template: "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n", expected: "| This Is\n|\n| A Line\n"),
        .init(
            module: "inverted", name: "Standalone Line Endings", data: #"{"boolean": false}"#,
            template: "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|", expected: "|\r\n|"),
        .init(
            module: "inverted", name: "Standalone Without Previous Line", data: #"{"boolean": false}"#,
            template: "  {{^boolean}}\n^{{/boolean}}\n/", expected: "^\n/"),
        .init(
            module: "inverted", name: "Standalone Without Newline", data: #"{"boolean": false}"#,
            template: "^{{^boolean}}\n/\n  {{/boolean}}", expected: "^\n/\n"),
        .init(
            module: "inverted", name: "Padding", data: #"{"boolean": false}"#,
            template: "|{{^ boolean }}={{/ boolean }}|", expected: "|=|"),
    ]

    static let comments: [TemplateSpecCase] = [
        .init(
            module: "comments", name: "Inline", data: "{}",
            template: "12345{{! Comment Block! }}67890", expected: "1234567890"),
        .init(
            module: "comments", name: "Multiline", data: "{}",
            template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n", expected: "1234567890\n"),
        .init(
            module: "comments", name: "Standalone", data: "{}",
            template: "Begin.\n{{! Comment Block! }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "comments", name: "Indented Standalone", data: "{}",
            template: "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "comments", name: "Standalone Line Endings", data: "{}",
            template: "|\r\n{{! Standalone Comment }}\r\n|", expected: "|\r\n|"),
        .init(
            module: "comments", name: "Standalone Without Previous Line", data: "{}",
            template: "  {{! I'm Still Standalone }}\n!", expected: "!"),
        .init(
            module: "comments", name: "Standalone Without Newline", data: "{}",
            template: "!\n  {{! I'm Still Standalone }}", expected: "!\n"),
        .init(
            module: "comments", name: "Multiline Standalone", data: "{}",
            template: "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "comments", name: "Indented Multiline Standalone", data: "{}",
            template: "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "comments", name: "Indented Inline", data: "{}",
            template: "  12 {{! 34 }}\n", expected: "  12 \n"),
        .init(
            module: "comments", name: "Surrounding Whitespace", data: "{}",
            template: "12345 {{! Comment Block! }} 67890", expected: "12345  67890"),
        .init(
            module: "comments", name: "Variable Name Collision",
            data: #"{"! comment": 1, "! comment ": 2, "!comment": 3, "comment": 4}"#,
            template: "comments never show: >{{! comment }}<", expected: "comments never show: ><"),
    ]

    static let delimiters: [TemplateSpecCase] = [
        .init(
            module: "delimiters", name: "Pair Behavior", data: #"{"text": "Hey!"}"#,
            template: "{{=<% %>=}}(<%text%>)", expected: "(Hey!)"),
        .init(
            module: "delimiters", name: "Special Characters", data: #"{"text": "It worked!"}"#,
            template: "({{=[ ]=}}[text])", expected: "(It worked!)"),
        .init(
            module: "delimiters", name: "Sections", data: #"{"section": true, "data": "I got interpolated."}"#,
            template: "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            module: "delimiters", name: "Inverted Sections", data: #"{"section": false, "data": "I got interpolated."}"#,
            template: "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            expected: "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        .init(
            module: "delimiters", name: "Surrounding Whitespace", data: "{}",
            template: "| {{=@ @=}} |", expected: "|  |"),
        .init(
            module: "delimiters", name: "Outlying Whitespace (Inline)", data: "{}",
            template: " | {{=@ @=}}\n", expected: " | \n"),
        .init(
            module: "delimiters", name: "Standalone Tag", data: "{}",
            template: "Begin.\n{{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "delimiters", name: "Indented Standalone Tag", data: "{}",
            template: "Begin.\n  {{=@ @=}}\nEnd.\n", expected: "Begin.\nEnd.\n"),
        .init(
            module: "delimiters", name: "Standalone Line Endings", data: "{}",
            template: "|\r\n{{= @ @ =}}\r\n|", expected: "|\r\n|"),
        .init(
            module: "delimiters", name: "Standalone Without Previous Line", data: "{}",
            template: "  {{=@ @=}}\n=", expected: "="),
        .init(
            module: "delimiters", name: "Standalone Without Newline", data: "{}",
            template: "=\n  {{=@ @=}}", expected: "=\n"),
        .init(
            module: "delimiters", name: "Pair with Padding", data: "{}",
            template: "|{{= @   @ =}}|", expected: "||"),
    ]

    /// partials.json, and the two delimiters.json cases that need partials.
    static let partialCases: [TemplateSpecCase] = [
        .init(
            module: "partials", name: "Basic Behavior", data: "{}",
            template: "\"{{>text}}\"", expected: "\"from partial\"",
            partials: "{\"text\": \"from partial\"}"),
        .init(
            module: "partials", name: "Failed Lookup", data: "{}",
            template: "\"{{>text}}\"", expected: "\"\"",
            partials: "{}"),
        .init(
            module: "partials", name: "Context", data: "{\"text\": \"content\"}",
            template: "\"{{>partial}}\"", expected: "\"*content*\"",
            partials: "{\"partial\": \"*{{text}}*\"}"),
        .init(
            module: "partials", name: "Recursion", data: "{\"content\": \"X\", \"nodes\": [{\"content\": \"Y\", \"nodes\": []}]}",
            template: "{{>node}}", expected: "X<Y<>>",
            partials: "{\"node\": \"{{content}}<{{#nodes}}{{>node}}{{/nodes}}>\"}"),
        .init(
            module: "partials", name: "Surrounding Whitespace", data: "{}",
            template: "| {{>partial}} |", expected: "| \t|\t |",
            partials: "{\"partial\": \"\\t|\\t\"}"),
        .init(
            module: "partials", name: "Inline Indentation", data: "{\"data\": \"|\"}",
            template: "  {{data}}  {{> partial}}\n", expected: "  |  >\n>\n",
            partials: "{\"partial\": \">\\n>\"}"),
        .init(
            module: "partials", name: "Standalone Line Endings", data: "{}",
            template: "|\r\n{{>partial}}\r\n|", expected: "|\r\n>|",
            partials: "{\"partial\": \">\"}"),
        .init(
            module: "partials", name: "Standalone Without Previous Line", data: "{}",
            template: "  {{>partial}}\n>", expected: "  >\n  >>",
            partials: "{\"partial\": \">\\n>\"}"),
        .init(
            module: "partials", name: "Standalone Without Newline", data: "{}",
            template: ">\n  {{>partial}}", expected: ">\n  >\n  >",
            partials: "{\"partial\": \">\\n>\"}"),
        .init(
            module: "partials", name: "Standalone Indentation", data: "{\"content\": \"<\\n->\"}",
            template: "\\\n {{>partial}}\n/\n", expected: "\\\n |\n <\n->\n |\n/\n",
            partials: "{\"partial\": \"|\\n{{{content}}}\\n|\\n\"}"),
        .init(
            module: "partials", name: "Padding Whitespace", data: "{\"boolean\": true}",
            template: "|{{> partial }}|", expected: "|[]|",
            partials: "{\"partial\": \"[]\"}"),
        .init(
            module: "delimiters", name: "Partial Inheritence", data: "{\"value\": \"yes\"}",
            template: "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", expected: "[ .yes. ]\n[ .yes. ]\n",
            partials: "{\"include\": \".{{value}}.\"}"),
        .init(
            module: "delimiters", name: "Post-Partial Behavior", data: "{\"value\": \"yes\"}",
            template: "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", expected: "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n",
            partials: "{\"include\": \".{{value}}. {{= | | =}} .|value|.\"}"),
    ]
}
