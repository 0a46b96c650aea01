/**
 * @file Tree-sitter grammar for the .modak deployment language.
 * @license Apache-2.0
 *
 * Implements docs/language.md §1 (lexical structure) and §2 (syntax). When this file and the spec
 * disagree, the spec wins. Node names and fields are used by the language server and the VS Code
 * extension; see README.md before renaming anything.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const DIGITS_US = /[0-9][0-9_]*/; // 60_000 (underscores are ignored)

// Character classes of comments, strings and text blocks are written as positive ranges that stop at
// U+10FFFE (U+10FFFF is a noncharacter). The generator then emits range checks rather than
// `lookahead != …` tests, so the runtime's decode-error value (-1, for invalid UTF-8) and NUL never
// match: invalid UTF-8 and NUL bytes are errors everywhere (§1), as in the X3 parser.
const ANY_BUT_LINE_END = /[\x01-\x09\x0B\x0C\x0E-\x{10FFFE}]/; // [^\r\n]
const STRING_CHAR = /[\x01-\x09\x0B\x0C\x0E-\x21\x23-\x5B\x5D-\x{10FFFE}]/; // [^"\\\r\n]
const NOT_QUOTE = /[\x01-\x21\x23-\x{10FFFE}]/; // [^"]
const NOT_STAR = /[\x01-\x29\x2B-\x{10FFFE}]/; // [^*]
const NOT_STAR_SLASH = /[\x01-\x29\x2B-\x2E\x30-\x{10FFFE}]/; // [^*/]

// The hex digits of `\u{…}`: 1 to 6 of them naming a Unicode scalar value (at most 10FFFF, no
// surrogates D800–DFFF), leading zeros allowed.
const UNICODE_SCALAR = new RegExp([
  '0{0,3}[0-9A-Fa-f]{1,3}', // up to FFF
  '0{0,2}([0-9A-Ca-cEeFf][0-9A-Fa-f]{3}|[Dd][0-7][0-9A-Fa-f]{2})', // 1000–FFFF without D800–DFFF
  '0?[1-9A-Fa-f][0-9A-Fa-f]{4}', // 10000–FFFFF
  '10[0-9A-Fa-f]{4}', // 100000–10FFFF
].join('|'));

// Size units (§1): powers of 1000 and of 1024, case-sensitive.
const SIZE_UNITS = ['B', 'kB', 'KB', 'MB', 'GB', 'TB', 'PB', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

// Amount units (§1): ISO 4217 currencies, then the allocation units of HPC centres (Ast.cpp's
// amountUnitNames; the agreement test checks both parsers on the corpus).
const AMOUNT_UNITS = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CNY', 'node_hours', 'gpu_hours', 'core_hours'];

module.exports = grammar({
  name: 'modak',

  // Whitespace is space, tab, CR, LF; comments may appear between any two tokens.
  extras: $ => [/[ \t\r\n]/, $.comment],

  // `modak`, `import` (and `true`/`false` in value position) are lexed as keywords only where the
  // grammar allows them; elsewhere they are plain identifiers.
  word: $ => $.identifier,

  supertypes: $ => [$._statement, $._value, $._scalar],

  rules: {
    // file = [ header ] { item } ;   item = import | statement ;
    // A byte-order mark at the very start is ignored (§1): the tree-sitter runtime skips it.
    source_file: $ => seq(
      optional($.header),
      repeat(choice($.import, $._statement)),
    ),

    // header = "modak" integer ;
    header: $ => seq('modak', field('version', $.integer)),

    // import = "import" string ;
    import: $ => seq('import', field('path', $.string)),

    // statement = attribute | block ;
    _statement: $ => choice($.attribute, $.block),

    // attribute = identifier "=" value [ "," ] ;
    attribute: $ => seq(
      field('key', $.identifier),
      '=',
      field('value', $._value),
      optional(','),
    ),

    // block = identifier [ identifier ] "{" { statement } "}" [ "," ] ;
    block: $ => seq(
      field('kind', $.identifier),
      optional(field('name', $.identifier)),
      field('body', $.block_body),
      optional(','),
    ),

    // The braces and the statements between them (one node so editors can fold it).
    block_body: $ => seq('{', repeat($._statement), '}'),

    // value = scalar [ ".." scalar ] | list ;
    _value: $ => choice($._scalar, $.range, $.list),

    // list = "[" [ element { "," element } [ "," ] ] "]" ;   element = scalar [ ".." scalar ] ;
    list: $ => seq(
      '[',
      optional(seq(
        $._element,
        repeat(seq(',', $._element)),
        optional(','),
      )),
      ']',
    ),

    _element: $ => choice($._scalar, $.range),

    range: $ => seq(field('start', $._scalar), '..', field('end', $._scalar)),

    // scalar = string | text_block | integer | float | size | duration | identifier [ string ] ;
    // `true`/`false` are booleans wherever they appear as a value (§1).
    _scalar: $ => choice(
      $.string,
      $.text_block,
      $.integer,
      $.float,
      $.size,
      $.amount,
      $.duration,
      $.boolean,
      $.identifier,
      $.versioned,
    ),

    // `tensorflow "2.1"`: a name with a version string. `true "x"` is a versioned name too
    // (syntactically `true` is an identifier; it is only a boolean when it stands alone).
    versioned: $ => seq(
      field('name', choice($.identifier, alias($._boolean_word, $.identifier))),
      field('version', $.string),
    ),

    boolean: $ => $._boolean_word,
    _boolean_word: _ => choice('true', 'false'),

    identifier: _ => /[A-Za-z_][A-Za-z0-9_]*/,

    // integer: -?[0-9][0-9_]*
    integer: _ => token(seq(optional('-'), DIGITS_US)),

    // float: -?[0-9][0-9_]*\.[0-9]+([eE][+-]?[0-9]+)?  |  -?[0-9]+[eE][+-]?[0-9]+
    // A digit must follow the dot, so `1..8` is integer, `..`, integer.
    float: _ => token(seq(
      optional('-'),
      choice(
        seq(DIGITS_US, '.', /[0-9]+/, optional(/[eE][+-]?[0-9]+/)),
        seq(/[0-9]+/, /[eE][+-]?[0-9]+/),
      ),
    )),

    // size: a number, optional spaces or tabs (never a newline), a unit — one token: `52 MiB`.
    size: _ => token(seq(
      DIGITS_US,
      optional(seq('.', /[0-9]+/)),
      /[ \t]*/,
      choice(...SIZE_UNITS),
    )),

    // amount: a number, optional spaces or tabs, a currency or allocation unit — one token:
    // `5000 USD`, `20_000 gpu_hours`.
    amount: _ => token(seq(
      DIGITS_US,
      optional(seq('.', /[0-9]+/)),
      /[ \t]*/,
      choice(...AMOUNT_UNITS),
    )),

    // duration: d, h, m, s each at most once and in that order (`1d12h`, `1h30m`, `90s`), or the
    // clock forms H:MM:SS and D-HH:MM:SS with minutes and seconds below 60.
    duration: _ => token(choice(
      /[0-9]+d([0-9]+h)?([0-9]+m)?([0-9]+s)?/,
      /[0-9]+h([0-9]+m)?([0-9]+s)?/,
      /[0-9]+m([0-9]+s)?/,
      /[0-9]+s/,
      /([0-9]+-)?[0-9]+:[0-5][0-9]:[0-5][0-9]/,
    )),

    // string: on one line, escapes \" \\ \n \t \r \u{1F600}.
    string: $ => seq(
      '"',
      repeat(choice($.string_content, $.escape_sequence)),
      token.immediate('"'),
    ),

    // prec(1): inside a string, `//` is text, not a comment.
    string_content: _ => token.immediate(prec(1, repeat1(STRING_CHAR))),

    escape_sequence: _ => token.immediate(seq(
      '\\',
      choice(/["\\ntr]/, seq('u{', UNICODE_SCALAR, '}')),
    )),

    // text block: """…""", may span lines, no escapes; the first """ closes it.
    text_block: _ => token(seq(
      '"""',
      repeat(choice(NOT_QUOTE, seq('"', NOT_QUOTE), seq('""', NOT_QUOTE))),
      '"""',
    )),

    // `// …` to the end of the line, or `/* … */` (not nested).
    comment: _ => token(choice(
      seq('//', repeat(ANY_BUT_LINE_END)),
      seq('/*', repeat(NOT_STAR), /\*+/, repeat(seq(NOT_STAR_SLASH, repeat(NOT_STAR), /\*+/)), '/'),
    )),
  },
});
