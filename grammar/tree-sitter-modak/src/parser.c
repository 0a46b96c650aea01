#include "tree_sitter/parser.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

#define LANGUAGE_VERSION 14
#define STATE_COUNT 91
#define LARGE_STATE_COUNT 2
#define SYMBOL_COUNT 43
#define ALIAS_COUNT 0
#define TOKEN_COUNT 23
#define EXTERNAL_TOKEN_COUNT 0
#define FIELD_COUNT 9
#define MAX_ALIAS_SEQUENCE_LENGTH 5
#define PRODUCTION_ID_COUNT 9

enum ts_symbol_identifiers {
  sym_identifier = 1,
  anon_sym_modak = 2,
  anon_sym_import = 3,
  anon_sym_EQ = 4,
  anon_sym_COMMA = 5,
  anon_sym_LBRACE = 6,
  anon_sym_RBRACE = 7,
  anon_sym_LBRACK = 8,
  anon_sym_RBRACK = 9,
  anon_sym_DOT_DOT = 10,
  anon_sym_true = 11,
  anon_sym_false = 12,
  sym_integer = 13,
  sym_float = 14,
  sym_size = 15,
  sym_duration = 16,
  anon_sym_DQUOTE = 17,
  anon_sym_DQUOTE2 = 18,
  sym_string_content = 19,
  sym_escape_sequence = 20,
  sym_text_block = 21,
  sym_comment = 22,
  sym_source_file = 23,
  sym_header = 24,
  sym_import = 25,
  sym__statement = 26,
  sym_attribute = 27,
  sym_block = 28,
  sym_block_body = 29,
  sym__value = 30,
  sym_list = 31,
  sym__element = 32,
  sym_range = 33,
  sym__scalar = 34,
  sym_versioned = 35,
  sym_boolean = 36,
  sym__boolean_word = 37,
  sym_string = 38,
  aux_sym_source_file_repeat1 = 39,
  aux_sym_block_body_repeat1 = 40,
  aux_sym_list_repeat1 = 41,
  aux_sym_string_repeat1 = 42,
};

static const char * const ts_symbol_names[] = {
  [ts_builtin_sym_end] = "end",
  [sym_identifier] = "identifier",
  [anon_sym_modak] = "modak",
  [anon_sym_import] = "import",
  [anon_sym_EQ] = "=",
  [anon_sym_COMMA] = ",",
  [anon_sym_LBRACE] = "{",
  [anon_sym_RBRACE] = "}",
  [anon_sym_LBRACK] = "[",
  [anon_sym_RBRACK] = "]",
  [anon_sym_DOT_DOT] = "..",
  [anon_sym_true] = "true",
  [anon_sym_false] = "false",
  [sym_integer] = "integer",
  [sym_float] = "float",
  [sym_size] = "size",
  [sym_duration] = "duration",
  [anon_sym_DQUOTE] = "\"",
  [anon_sym_DQUOTE2] = "\"",
  [sym_string_content] = "string_content",
  [sym_escape_sequence] = "escape_sequence",
  [sym_text_block] = "text_block",
  [sym_comment] = "comment",
  [sym_source_file] = "source_file",
  [sym_header] = "header",
  [sym_import] = "import",
  [sym__statement] = "_statement",
  [sym_attribute] = "attribute",
  [sym_block] = "block",
  [sym_block_body] = "block_body",
  [sym__value] = "_value",
  [sym_list] = "list",
  [sym__element] = "_element",
  [sym_range] = "range",
  [sym__scalar] = "_scalar",
  [sym_versioned] = "versioned",
  [sym_boolean] = "boolean",
  [sym__boolean_word] = "_boolean_word",
  [sym_string] = "string",
  [aux_sym_source_file_repeat1] = "source_file_repeat1",
  [aux_sym_block_body_repeat1] = "block_body_repeat1",
  [aux_sym_list_repeat1] = "list_repeat1",
  [aux_sym_string_repeat1] = "string_repeat1",
};

static const TSSymbol ts_symbol_map[] = {
  [ts_builtin_sym_end] = ts_builtin_sym_end,
  [sym_identifier] = sym_identifier,
  [anon_sym_modak] = anon_sym_modak,
  [anon_sym_import] = anon_sym_import,
  [anon_sym_EQ] = anon_sym_EQ,
  [anon_sym_COMMA] = anon_sym_COMMA,
  [anon_sym_LBRACE] = anon_sym_LBRACE,
  [anon_sym_RBRACE] = anon_sym_RBRACE,
  [anon_sym_LBRACK] = anon_sym_LBRACK,
  [anon_sym_RBRACK] = anon_sym_RBRACK,
  [anon_sym_DOT_DOT] = anon_sym_DOT_DOT,
  [anon_sym_true] = anon_sym_true,
  [anon_sym_false] = anon_sym_false,
  [sym_integer] = sym_integer,
  [sym_float] = sym_float,
  [sym_size] = sym_size,
  [sym_duration] = sym_duration,
  [anon_sym_DQUOTE] = anon_sym_DQUOTE,
  [anon_sym_DQUOTE2] = anon_sym_DQUOTE,
  [sym_string_content] = sym_string_content,
  [sym_escape_sequence] = sym_escape_sequence,
  [sym_text_block] = sym_text_block,
  [sym_comment] = sym_comment,
  [sym_source_file] = sym_source_file,
  [sym_header] = sym_header,
  [sym_import] = sym_import,
  [sym__statement] = sym__statement,
  [sym_attribute] = sym_attribute,
  [sym_block] = sym_block,
  [sym_block_body] = sym_block_body,
  [sym__value] = sym__value,
  [sym_list] = sym_list,
  [sym__element] = sym__element,
  [sym_range] = sym_range,
  [sym__scalar] = sym__scalar,
  [sym_versioned] = sym_versioned,
  [sym_boolean] = sym_boolean,
  [sym__boolean_word] = sym__boolean_word,
  [sym_string] = sym_string,
  [aux_sym_source_file_repeat1] = aux_sym_source_file_repeat1,
  [aux_sym_block_body_repeat1] = aux_sym_block_body_repeat1,
  [aux_sym_list_repeat1] = aux_sym_list_repeat1,
  [aux_sym_string_repeat1] = aux_sym_string_repeat1,
};

static const TSSymbolMetadata ts_symbol_metadata[] = {
  [ts_builtin_sym_end] = {
    .visible = false,
    .named = true,
  },
  [sym_identifier] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_modak] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_import] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COMMA] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LBRACE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_DOT_DOT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_true] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_false] = {
    .visible = true,
    .named = false,
  },
  [sym_integer] = {
    .visible = true,
    .named = true,
  },
  [sym_float] = {
    .visible = true,
    .named = true,
  },
  [sym_size] = {
    .visible = true,
    .named = true,
  },
  [sym_duration] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_DQUOTE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_DQUOTE2] = {
    .visible = true,
    .named = false,
  },
  [sym_string_content] = {
    .visible = true,
    .named = true,
  },
  [sym_escape_sequence] = {
    .visible = true,
    .named = true,
  },
  [sym_text_block] = {
    .visible = true,
    .named = true,
  },
  [sym_comment] = {
    .visible = true,
    .named = true,
  },
  [sym_source_file] = {
    .visible = true,
    .named = true,
  },
  [sym_header] = {
    .visible = true,
    .named = true,
  },
  [sym_import] = {
    .visible = true,
    .named = true,
  },
  [sym__statement] = {
    .visible = false,
    .named = true,
    .supertype = true,
  },
  [sym_attribute] = {
    .visible = true,
    .named = true,
  },
  [sym_block] = {
    .visible = true,
    .named = true,
  },
  [sym_block_body] = {
    .visible = true,
    .named = true,
  },
  [sym__value] = {
    .visible = false,
    .named = true,
    .supertype = true,
  },
  [sym_list] = {
    .visible = true,
    .named = true,
  },
  [sym__element] = {
    .visible = false,
    .named = true,
  },
  [sym_range] = {
    .visible = true,
    .named = true,
  },
  [sym__scalar] = {
    .visible = false,
    .named = true,
    .supertype = true,
  },
  [sym_versioned] = {
    .visible = true,
    .named = true,
  },
  [sym_boolean] = {
    .visible = true,
    .named = true,
  },
  [sym__boolean_word] = {
    .visible = false,
    .named = true,
  },
  [sym_string] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_source_file_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_block_body_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_list_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_string_repeat1] = {
    .visible = false,
    .named = false,
  },
};

enum ts_field_identifiers {
  field_body = 1,
  field_end = 2,
  field_key = 3,
  field_kind = 4,
  field_name = 5,
  field_path = 6,
  field_start = 7,
  field_value = 8,
  field_version = 9,
};

static const char * const ts_field_names[] = {
  [0] = NULL,
  [field_body] = "body",
  [field_end] = "end",
  [field_key] = "key",
  [field_kind] = "kind",
  [field_name] = "name",
  [field_path] = "path",
  [field_start] = "start",
  [field_value] = "value",
  [field_version] = "version",
};

static const TSFieldMapSlice ts_field_map_slices[PRODUCTION_ID_COUNT] = {
  [1] = {.index = 0, .length = 1},
  [2] = {.index = 1, .length = 1},
  [3] = {.index = 2, .length = 2},
  [4] = {.index = 4, .length = 2},
  [5] = {.index = 6, .length = 3},
  [6] = {.index = 9, .length = 2},
  [7] = {.index = 9, .length = 2},
  [8] = {.index = 11, .length = 2},
};

static const TSFieldMapEntry ts_field_map_entries[] = {
  [0] =
    {field_version, 1},
  [1] =
    {field_path, 1},
  [2] =
    {field_body, 1},
    {field_kind, 0},
  [4] =
    {field_key, 0},
    {field_value, 2},
  [6] =
    {field_body, 2},
    {field_kind, 0},
    {field_name, 1},
  [9] =
    {field_name, 0},
    {field_version, 1},
  [11] =
    {field_end, 2},
    {field_start, 0},
};

static const TSSymbol ts_alias_sequences[PRODUCTION_ID_COUNT][MAX_ALIAS_SEQUENCE_LENGTH] = {
  [0] = {0},
  [7] = {
    [0] = sym_identifier,
  },
};

static const uint16_t ts_non_terminal_alias_map[] = {
  sym__boolean_word, 2,
    sym__boolean_word,
    sym_identifier,
  0,
};

static const TSStateId ts_primary_state_ids[STATE_COUNT] = {
  [0] = 0,
  [1] = 1,
  [2] = 2,
  [3] = 2,
  [4] = 4,
  [5] = 5,
  [6] = 6,
  [7] = 5,
  [8] = 4,
  [9] = 6,
  [10] = 10,
  [11] = 11,
  [12] = 11,
  [13] = 13,
  [14] = 14,
  [15] = 15,
  [16] = 16,
  [17] = 17,
  [18] = 18,
  [19] = 19,
  [20] = 20,
  [21] = 21,
  [22] = 22,
  [23] = 23,
  [24] = 24,
  [25] = 25,
  [26] = 26,
  [27] = 17,
  [28] = 13,
  [29] = 25,
  [30] = 22,
  [31] = 31,
  [32] = 32,
  [33] = 19,
  [34] = 34,
  [35] = 35,
  [36] = 36,
  [37] = 37,
  [38] = 38,
  [39] = 39,
  [40] = 40,
  [41] = 41,
  [42] = 42,
  [43] = 43,
  [44] = 44,
  [45] = 26,
  [46] = 31,
  [47] = 34,
  [48] = 48,
  [49] = 20,
  [50] = 21,
  [51] = 51,
  [52] = 23,
  [53] = 41,
  [54] = 39,
  [55] = 55,
  [56] = 37,
  [57] = 57,
  [58] = 42,
  [59] = 59,
  [60] = 60,
  [61] = 44,
  [62] = 62,
  [63] = 55,
  [64] = 48,
  [65] = 65,
  [66] = 36,
  [67] = 67,
  [68] = 68,
  [69] = 38,
  [70] = 40,
  [71] = 32,
  [72] = 35,
  [73] = 43,
  [74] = 74,
  [75] = 51,
  [76] = 76,
  [77] = 77,
  [78] = 78,
  [79] = 74,
  [80] = 76,
  [81] = 77,
  [82] = 82,
  [83] = 65,
  [84] = 84,
  [85] = 67,
  [86] = 59,
  [87] = 87,
  [88] = 87,
  [89] = 89,
  [90] = 90,
};

static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (eof) ADVANCE(49);
      ADVANCE_MAP(
        '"', 74,
        ',', 51,
        '-', 38,
        '.', 10,
        '/', 7,
        '=', 50,
        '[', 54,
        '\\', 24,
        ']', 55,
        '{', 52,
        '}', 53,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(47);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(58);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(57);
      END_STATE();
    case 1:
      if (lookahead == '"') ADVANCE(72);
      if (lookahead == '-') ADVANCE(38);
      if (lookahead == '/') ADVANCE(7);
      if (lookahead == '[') ADVANCE(54);
      if (lookahead == ']') ADVANCE(55);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(1);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(58);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(57);
      END_STATE();
    case 2:
      if (lookahead == '"') ADVANCE(6);
      END_STATE();
    case 3:
      if (lookahead == '"') ADVANCE(81);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(6);
      END_STATE();
    case 4:
      if (lookahead == '"') ADVANCE(73);
      if (lookahead == '/') ADVANCE(75);
      if (lookahead == '\\') ADVANCE(24);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(78);
      if (lookahead == '\n' ||
          lookahead == '\r') SKIP(11);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(79);
      END_STATE();
    case 5:
      if (lookahead == '"') ADVANCE(3);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(6);
      END_STATE();
    case 6:
      if (lookahead == '"') ADVANCE(5);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(6);
      END_STATE();
    case 7:
      if (lookahead == '*') ADVANCE(9);
      if (lookahead == '/') ADVANCE(83);
      END_STATE();
    case 8:
      if (lookahead == '*') ADVANCE(8);
      if (lookahead == '/') ADVANCE(82);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(9);
      END_STATE();
    case 9:
      if (lookahead == '*') ADVANCE(8);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(9);
      END_STATE();
    case 10:
      if (lookahead == '.') ADVANCE(56);
      END_STATE();
    case 11:
      if (lookahead == '/') ADVANCE(7);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(11);
      END_STATE();
    case 12:
      if (lookahead == '0') ADVANCE(14);
      if (lookahead == '1') ADVANCE(13);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(28);
      if (('2' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(34);
      END_STATE();
    case 13:
      if (lookahead == '0') ADVANCE(34);
      if (lookahead == '}') ADVANCE(80);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(33);
      END_STATE();
    case 14:
      if (lookahead == '0') ADVANCE(15);
      if (lookahead == '}') ADVANCE(80);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(28);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(34);
      END_STATE();
    case 15:
      if (lookahead == '0') ADVANCE(33);
      if (lookahead == '}') ADVANCE(80);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(27);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(33);
      END_STATE();
    case 16:
      if (lookahead == ':') ADVANCE(36);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(16);
      END_STATE();
    case 17:
      if (lookahead == ':') ADVANCE(37);
      END_STATE();
    case 18:
      if (lookahead == 'B') ADVANCE(66);
      END_STATE();
    case 19:
      ADVANCE_MAP(
        'B', 66,
        'G', 20,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'k', 18,
        '\t', 19,
        ' ', 19,
      );
      END_STATE();
    case 20:
      if (lookahead == 'B') ADVANCE(66);
      if (lookahead == 'i') ADVANCE(18);
      END_STATE();
    case 21:
      if (lookahead == 'h') ADVANCE(69);
      if (lookahead == 'm') ADVANCE(70);
      if (lookahead == 's') ADVANCE(67);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(21);
      END_STATE();
    case 22:
      if (lookahead == 'm') ADVANCE(70);
      if (lookahead == 's') ADVANCE(67);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(22);
      END_STATE();
    case 23:
      if (lookahead == 's') ADVANCE(67);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(23);
      END_STATE();
    case 24:
      if (lookahead == 'u') ADVANCE(25);
      if (lookahead == '"' ||
          lookahead == '\\' ||
          lookahead == 'n' ||
          lookahead == 'r' ||
          lookahead == 't') ADVANCE(80);
      END_STATE();
    case 25:
      if (lookahead == '{') ADVANCE(12);
      END_STATE();
    case 26:
      if (lookahead == '}') ADVANCE(80);
      END_STATE();
    case 27:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '7')) ADVANCE(32);
      if (lookahead == '8' ||
          lookahead == '9' ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(30);
      END_STATE();
    case 28:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '7')) ADVANCE(33);
      if (lookahead == '8' ||
          lookahead == '9' ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(31);
      END_STATE();
    case 29:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(46);
      END_STATE();
    case 30:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(26);
      END_STATE();
    case 31:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(29);
      END_STATE();
    case 32:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(30);
      END_STATE();
    case 33:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(32);
      END_STATE();
    case 34:
      if (lookahead == '}') ADVANCE(80);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(33);
      END_STATE();
    case 35:
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(65);
      END_STATE();
    case 36:
      if (('0' <= lookahead && lookahead <= '5')) ADVANCE(44);
      END_STATE();
    case 37:
      if (('0' <= lookahead && lookahead <= '5')) ADVANCE(39);
      END_STATE();
    case 38:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(60);
      END_STATE();
    case 39:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(67);
      END_STATE();
    case 40:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(16);
      END_STATE();
    case 41:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(63);
      END_STATE();
    case 42:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(65);
      END_STATE();
    case 43:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(64);
      END_STATE();
    case 44:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(17);
      END_STATE();
    case 45:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(62);
      END_STATE();
    case 46:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(26);
      END_STATE();
    case 47:
      if (eof) ADVANCE(49);
      ADVANCE_MAP(
        '"', 72,
        ',', 51,
        '-', 38,
        '.', 10,
        '/', 7,
        '=', 50,
        '[', 54,
        ']', 55,
        '{', 52,
        '}', 53,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(47);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(58);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(57);
      END_STATE();
    case 48:
      if (eof) ADVANCE(49);
      if (lookahead == '"') ADVANCE(71);
      if (lookahead == ',') ADVANCE(51);
      if (lookahead == '-') ADVANCE(45);
      if (lookahead == '.') ADVANCE(10);
      if (lookahead == '/') ADVANCE(7);
      if (lookahead == ']') ADVANCE(55);
      if (lookahead == '}') ADVANCE(53);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(48);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(62);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(57);
      END_STATE();
    case 49:
      ACCEPT_TOKEN(ts_builtin_sym_end);
      END_STATE();
    case 50:
      ACCEPT_TOKEN(anon_sym_EQ);
      END_STATE();
    case 51:
      ACCEPT_TOKEN(anon_sym_COMMA);
      END_STATE();
    case 52:
      ACCEPT_TOKEN(anon_sym_LBRACE);
      END_STATE();
    case 53:
      ACCEPT_TOKEN(anon_sym_RBRACE);
      END_STATE();
    case 54:
      ACCEPT_TOKEN(anon_sym_LBRACK);
      END_STATE();
    case 55:
      ACCEPT_TOKEN(anon_sym_RBRACK);
      END_STATE();
    case 56:
      ACCEPT_TOKEN(anon_sym_DOT_DOT);
      END_STATE();
    case 57:
      ACCEPT_TOKEN(sym_identifier);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(57);
      END_STATE();
    case 58:
      ACCEPT_TOKEN(sym_integer);
      ADVANCE_MAP(
        '-', 40,
        '.', 41,
        ':', 36,
        'B', 66,
        'G', 20,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        '_', 59,
        'd', 68,
        'h', 69,
        'k', 18,
        'm', 70,
        's', 67,
        '\t', 19,
        ' ', 19,
        'E', 35,
        'e', 35,
      );
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(58);
      END_STATE();
    case 59:
      ACCEPT_TOKEN(sym_integer);
      ADVANCE_MAP(
        '.', 41,
        'B', 66,
        'G', 20,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'k', 18,
        '\t', 19,
        ' ', 19,
      );
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(59);
      END_STATE();
    case 60:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(43);
      if (lookahead == '_') ADVANCE(61);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(35);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(60);
      END_STATE();
    case 61:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(43);
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(61);
      END_STATE();
    case 62:
      ACCEPT_TOKEN(sym_integer);
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(62);
      END_STATE();
    case 63:
      ACCEPT_TOKEN(sym_float);
      ADVANCE_MAP(
        'B', 66,
        'G', 20,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'k', 18,
        '\t', 19,
        ' ', 19,
        'E', 35,
        'e', 35,
      );
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(63);
      END_STATE();
    case 64:
      ACCEPT_TOKEN(sym_float);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(35);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(64);
      END_STATE();
    case 65:
      ACCEPT_TOKEN(sym_float);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(65);
      END_STATE();
    case 66:
      ACCEPT_TOKEN(sym_size);
      END_STATE();
    case 67:
      ACCEPT_TOKEN(sym_duration);
      END_STATE();
    case 68:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(21);
      END_STATE();
    case 69:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(22);
      END_STATE();
    case 70:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(23);
      END_STATE();
    case 71:
      ACCEPT_TOKEN(anon_sym_DQUOTE);
      END_STATE();
    case 72:
      ACCEPT_TOKEN(anon_sym_DQUOTE);
      if (lookahead == '"') ADVANCE(2);
      END_STATE();
    case 73:
      ACCEPT_TOKEN(anon_sym_DQUOTE2);
      END_STATE();
    case 74:
      ACCEPT_TOKEN(anon_sym_DQUOTE2);
      if (lookahead == '"') ADVANCE(2);
      END_STATE();
    case 75:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(77);
      if (lookahead == '/') ADVANCE(79);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(79);
      END_STATE();
    case 76:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(76);
      if (lookahead == '/') ADVANCE(79);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(77);
      END_STATE();
    case 77:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(76);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(77);
      END_STATE();
    case 78:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '/') ADVANCE(75);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(78);
      if ((0x01 <= lookahead && lookahead <= 0x08) ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(79);
      END_STATE();
    case 79:
      ACCEPT_TOKEN(sym_string_content);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(79);
      END_STATE();
    case 80:
      ACCEPT_TOKEN(sym_escape_sequence);
      END_STATE();
    case 81:
      ACCEPT_TOKEN(sym_text_block);
      END_STATE();
    case 82:
      ACCEPT_TOKEN(sym_comment);
      END_STATE();
    case 83:
      ACCEPT_TOKEN(sym_comment);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= 0x10fffe)) ADVANCE(83);
      END_STATE();
    default:
      return false;
  }
}

static bool ts_lex_keywords(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (lookahead == 'f') ADVANCE(1);
      if (lookahead == 'i') ADVANCE(2);
      if (lookahead == 'm') ADVANCE(3);
      if (lookahead == 't') ADVANCE(4);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(0);
      END_STATE();
    case 1:
      if (lookahead == 'a') ADVANCE(5);
      END_STATE();
    case 2:
      if (lookahead == 'm') ADVANCE(6);
      END_STATE();
    case 3:
      if (lookahead == 'o') ADVANCE(7);
      END_STATE();
    case 4:
      if (lookahead == 'r') ADVANCE(8);
      END_STATE();
    case 5:
      if (lookahead == 'l') ADVANCE(9);
      END_STATE();
    case 6:
      if (lookahead == 'p') ADVANCE(10);
      END_STATE();
    case 7:
      if (lookahead == 'd') ADVANCE(11);
      END_STATE();
    case 8:
      if (lookahead == 'u') ADVANCE(12);
      END_STATE();
    case 9:
      if (lookahead == 's') ADVANCE(13);
      END_STATE();
    case 10:
      if (lookahead == 'o') ADVANCE(14);
      END_STATE();
    case 11:
      if (lookahead == 'a') ADVANCE(15);
      END_STATE();
    case 12:
      if (lookahead == 'e') ADVANCE(16);
      END_STATE();
    case 13:
      if (lookahead == 'e') ADVANCE(17);
      END_STATE();
    case 14:
      if (lookahead == 'r') ADVANCE(18);
      END_STATE();
    case 15:
      if (lookahead == 'k') ADVANCE(19);
      END_STATE();
    case 16:
      ACCEPT_TOKEN(anon_sym_true);
      END_STATE();
    case 17:
      ACCEPT_TOKEN(anon_sym_false);
      END_STATE();
    case 18:
      if (lookahead == 't') ADVANCE(20);
      END_STATE();
    case 19:
      ACCEPT_TOKEN(anon_sym_modak);
      END_STATE();
    case 20:
      ACCEPT_TOKEN(anon_sym_import);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexMode ts_lex_modes[STATE_COUNT] = {
  [0] = {.lex_state = 0},
  [1] = {.lex_state = 0},
  [2] = {.lex_state = 1},
  [3] = {.lex_state = 1},
  [4] = {.lex_state = 1},
  [5] = {.lex_state = 1},
  [6] = {.lex_state = 1},
  [7] = {.lex_state = 1},
  [8] = {.lex_state = 1},
  [9] = {.lex_state = 1},
  [10] = {.lex_state = 1},
  [11] = {.lex_state = 1},
  [12] = {.lex_state = 1},
  [13] = {.lex_state = 48},
  [14] = {.lex_state = 0},
  [15] = {.lex_state = 0},
  [16] = {.lex_state = 0},
  [17] = {.lex_state = 48},
  [18] = {.lex_state = 0},
  [19] = {.lex_state = 48},
  [20] = {.lex_state = 0},
  [21] = {.lex_state = 0},
  [22] = {.lex_state = 0},
  [23] = {.lex_state = 0},
  [24] = {.lex_state = 0},
  [25] = {.lex_state = 0},
  [26] = {.lex_state = 0},
  [27] = {.lex_state = 48},
  [28] = {.lex_state = 48},
  [29] = {.lex_state = 0},
  [30] = {.lex_state = 0},
  [31] = {.lex_state = 0},
  [32] = {.lex_state = 0},
  [33] = {.lex_state = 48},
  [34] = {.lex_state = 0},
  [35] = {.lex_state = 0},
  [36] = {.lex_state = 0},
  [37] = {.lex_state = 4},
  [38] = {.lex_state = 0},
  [39] = {.lex_state = 4},
  [40] = {.lex_state = 0},
  [41] = {.lex_state = 0},
  [42] = {.lex_state = 0},
  [43] = {.lex_state = 0},
  [44] = {.lex_state = 0},
  [45] = {.lex_state = 0},
  [46] = {.lex_state = 0},
  [47] = {.lex_state = 0},
  [48] = {.lex_state = 0},
  [49] = {.lex_state = 0},
  [50] = {.lex_state = 0},
  [51] = {.lex_state = 0},
  [52] = {.lex_state = 0},
  [53] = {.lex_state = 0},
  [54] = {.lex_state = 4},
  [55] = {.lex_state = 0},
  [56] = {.lex_state = 4},
  [57] = {.lex_state = 4},
  [58] = {.lex_state = 0},
  [59] = {.lex_state = 0},
  [60] = {.lex_state = 0},
  [61] = {.lex_state = 0},
  [62] = {.lex_state = 0},
  [63] = {.lex_state = 0},
  [64] = {.lex_state = 0},
  [65] = {.lex_state = 0},
  [66] = {.lex_state = 0},
  [67] = {.lex_state = 0},
  [68] = {.lex_state = 0},
  [69] = {.lex_state = 0},
  [70] = {.lex_state = 0},
  [71] = {.lex_state = 0},
  [72] = {.lex_state = 0},
  [73] = {.lex_state = 0},
  [74] = {.lex_state = 0},
  [75] = {.lex_state = 0},
  [76] = {.lex_state = 0},
  [77] = {.lex_state = 0},
  [78] = {.lex_state = 0},
  [79] = {.lex_state = 0},
  [80] = {.lex_state = 0},
  [81] = {.lex_state = 0},
  [82] = {.lex_state = 0},
  [83] = {.lex_state = 0},
  [84] = {.lex_state = 48},
  [85] = {.lex_state = 0},
  [86] = {.lex_state = 0},
  [87] = {.lex_state = 0},
  [88] = {.lex_state = 0},
  [89] = {.lex_state = 0},
  [90] = {.lex_state = 48},
};

static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [0] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [sym_identifier] = ACTIONS(1),
    [anon_sym_modak] = ACTIONS(1),
    [anon_sym_import] = ACTIONS(1),
    [anon_sym_EQ] = ACTIONS(1),
    [anon_sym_COMMA] = ACTIONS(1),
    [anon_sym_LBRACE] = ACTIONS(1),
    [anon_sym_RBRACE] = ACTIONS(1),
    [anon_sym_LBRACK] = ACTIONS(1),
    [anon_sym_RBRACK] = ACTIONS(1),
    [anon_sym_DOT_DOT] = ACTIONS(1),
    [anon_sym_true] = ACTIONS(1),
    [anon_sym_false] = ACTIONS(1),
    [sym_integer] = ACTIONS(1),
    [sym_float] = ACTIONS(1),
    [sym_size] = ACTIONS(1),
    [sym_duration] = ACTIONS(1),
    [anon_sym_DQUOTE] = ACTIONS(1),
    [anon_sym_DQUOTE2] = ACTIONS(1),
    [sym_escape_sequence] = ACTIONS(1),
    [sym_text_block] = ACTIONS(1),
    [sym_comment] = ACTIONS(3),
  },
  [1] = {
    [sym_source_file] = STATE(89),
    [sym_header] = STATE(14),
    [sym_import] = STATE(18),
    [sym__statement] = STATE(18),
    [sym_attribute] = STATE(59),
    [sym_block] = STATE(59),
    [aux_sym_source_file_repeat1] = STATE(18),
    [ts_builtin_sym_end] = ACTIONS(5),
    [sym_identifier] = ACTIONS(7),
    [anon_sym_modak] = ACTIONS(9),
    [anon_sym_import] = ACTIONS(11),
    [sym_comment] = ACTIONS(3),
  },
};

static const uint16_t ts_small_parse_table[] = {
  [0] = 12,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(15), 1,
      anon_sym_LBRACK,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    STATE(13), 1,
      sym__boolean_word,
    STATE(34), 1,
      sym__scalar,
    STATE(42), 1,
      sym__value,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(44), 2,
      sym_list,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [44] = 12,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(25), 1,
      sym_identifier,
    ACTIONS(27), 1,
      anon_sym_LBRACK,
    ACTIONS(35), 1,
      anon_sym_DQUOTE,
    STATE(28), 1,
      sym__boolean_word,
    STATE(47), 1,
      sym__scalar,
    STATE(58), 1,
      sym__value,
    ACTIONS(29), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(31), 2,
      sym_integer,
      sym_float,
    STATE(61), 2,
      sym_list,
      sym_range,
    ACTIONS(33), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(46), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [88] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(37), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(80), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [129] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(39), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [170] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(41), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [211] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(43), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [252] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(45), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(76), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [293] = 11,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    ACTIONS(47), 1,
      anon_sym_RBRACK,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [334] = 10,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    STATE(13), 1,
      sym__boolean_word,
    STATE(60), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [372] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(25), 1,
      sym_identifier,
    ACTIONS(35), 1,
      anon_sym_DQUOTE,
    STATE(28), 1,
      sym__boolean_word,
    STATE(71), 1,
      sym__scalar,
    ACTIONS(29), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(31), 2,
      sym_integer,
      sym_float,
    ACTIONS(33), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(46), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [406] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(23), 1,
      anon_sym_DQUOTE,
    STATE(13), 1,
      sym__boolean_word,
    STATE(32), 1,
      sym__scalar,
    ACTIONS(17), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(19), 2,
      sym_integer,
      sym_float,
    ACTIONS(21), 3,
      sym_size,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [440] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(53), 1,
      anon_sym_DQUOTE,
    STATE(23), 1,
      sym_string,
    ACTIONS(51), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(49), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [460] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      sym_identifier,
    ACTIONS(11), 1,
      anon_sym_import,
    ACTIONS(55), 1,
      ts_builtin_sym_end,
    STATE(59), 2,
      sym_attribute,
      sym_block,
    STATE(15), 3,
      sym_import,
      sym__statement,
      aux_sym_source_file_repeat1,
  [482] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      sym_identifier,
    ACTIONS(11), 1,
      anon_sym_import,
    ACTIONS(57), 1,
      ts_builtin_sym_end,
    STATE(59), 2,
      sym_attribute,
      sym_block,
    STATE(16), 3,
      sym_import,
      sym__statement,
      aux_sym_source_file_repeat1,
  [504] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(59), 1,
      ts_builtin_sym_end,
    ACTIONS(61), 1,
      sym_identifier,
    ACTIONS(64), 1,
      anon_sym_import,
    STATE(59), 2,
      sym_attribute,
      sym_block,
    STATE(16), 3,
      sym_import,
      sym__statement,
      aux_sym_source_file_repeat1,
  [526] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(53), 1,
      anon_sym_DQUOTE,
    STATE(21), 1,
      sym_string,
    ACTIONS(69), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(67), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [546] = 6,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      sym_identifier,
    ACTIONS(11), 1,
      anon_sym_import,
    ACTIONS(55), 1,
      ts_builtin_sym_end,
    STATE(59), 2,
      sym_attribute,
      sym_block,
    STATE(16), 3,
      sym_import,
      sym__statement,
      aux_sym_source_file_repeat1,
  [568] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(71), 5,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
      anon_sym_DQUOTE,
  [583] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(77), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(75), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [597] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(81), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(79), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [611] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(83), 1,
      sym_identifier,
    ACTIONS(85), 1,
      anon_sym_RBRACE,
    STATE(24), 2,
      sym__statement,
      aux_sym_block_body_repeat1,
    STATE(86), 2,
      sym_attribute,
      sym_block,
  [629] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(89), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(87), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [643] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(91), 1,
      sym_identifier,
    ACTIONS(94), 1,
      anon_sym_RBRACE,
    STATE(24), 2,
      sym__statement,
      aux_sym_block_body_repeat1,
    STATE(86), 2,
      sym_attribute,
      sym_block,
  [661] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(83), 1,
      sym_identifier,
    ACTIONS(96), 1,
      anon_sym_RBRACE,
    STATE(22), 2,
      sym__statement,
      aux_sym_block_body_repeat1,
    STATE(86), 2,
      sym_attribute,
      sym_block,
  [679] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(100), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(98), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [693] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(102), 1,
      anon_sym_DQUOTE,
    STATE(50), 1,
      sym_string,
    ACTIONS(67), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [709] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(102), 1,
      anon_sym_DQUOTE,
    STATE(52), 1,
      sym_string,
    ACTIONS(49), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [725] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(83), 1,
      sym_identifier,
    ACTIONS(104), 1,
      anon_sym_RBRACE,
    STATE(30), 2,
      sym__statement,
      aux_sym_block_body_repeat1,
    STATE(86), 2,
      sym_attribute,
      sym_block,
  [743] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(83), 1,
      sym_identifier,
    ACTIONS(106), 1,
      anon_sym_RBRACE,
    STATE(24), 2,
      sym__statement,
      aux_sym_block_body_repeat1,
    STATE(86), 2,
      sym_attribute,
      sym_block,
  [761] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(69), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(67), 4,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
      anon_sym_DOT_DOT,
  [775] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(110), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(108), 3,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [788] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(71), 5,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
      anon_sym_DQUOTE,
  [799] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(116), 1,
      anon_sym_DOT_DOT,
    ACTIONS(112), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(114), 2,
      anon_sym_import,
      sym_identifier,
  [814] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(118), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(120), 2,
      anon_sym_import,
      sym_identifier,
  [826] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(122), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(124), 2,
      anon_sym_import,
      sym_identifier,
  [838] = 4,
    ACTIONS(126), 1,
      anon_sym_DQUOTE2,
    ACTIONS(130), 1,
      sym_comment,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(128), 2,
      sym_string_content,
      sym_escape_sequence,
  [852] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(132), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(134), 2,
      anon_sym_import,
      sym_identifier,
  [864] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(136), 1,
      anon_sym_DQUOTE2,
    STATE(37), 1,
      aux_sym_string_repeat1,
    ACTIONS(138), 2,
      sym_string_content,
      sym_escape_sequence,
  [878] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(140), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(142), 2,
      anon_sym_import,
      sym_identifier,
  [890] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(144), 1,
      sym_identifier,
    ACTIONS(146), 1,
      anon_sym_EQ,
    ACTIONS(148), 1,
      anon_sym_LBRACE,
    STATE(51), 1,
      sym_block_body,
  [906] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(150), 1,
      ts_builtin_sym_end,
    ACTIONS(154), 1,
      anon_sym_COMMA,
    ACTIONS(152), 2,
      anon_sym_import,
      sym_identifier,
  [920] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(156), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(158), 2,
      anon_sym_import,
      sym_identifier,
  [932] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(112), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(114), 2,
      anon_sym_import,
      sym_identifier,
  [944] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(98), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [954] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(67), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [964] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(160), 1,
      anon_sym_DOT_DOT,
    ACTIONS(112), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [976] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(162), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(164), 2,
      anon_sym_import,
      sym_identifier,
  [988] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(75), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [998] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(79), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [1008] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(166), 1,
      ts_builtin_sym_end,
    ACTIONS(170), 1,
      anon_sym_COMMA,
    ACTIONS(168), 2,
      anon_sym_import,
      sym_identifier,
  [1022] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(87), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [1032] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(172), 1,
      sym_identifier,
    ACTIONS(174), 1,
      anon_sym_EQ,
    ACTIONS(176), 1,
      anon_sym_LBRACE,
    STATE(75), 1,
      sym_block_body,
  [1048] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(178), 1,
      anon_sym_DQUOTE2,
    STATE(56), 1,
      aux_sym_string_repeat1,
    ACTIONS(180), 2,
      sym_string_content,
      sym_escape_sequence,
  [1062] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(182), 1,
      ts_builtin_sym_end,
    ACTIONS(186), 1,
      anon_sym_COMMA,
    ACTIONS(184), 2,
      anon_sym_import,
      sym_identifier,
  [1076] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(188), 1,
      anon_sym_DQUOTE2,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(128), 2,
      sym_string_content,
      sym_escape_sequence,
  [1090] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(190), 1,
      anon_sym_DQUOTE2,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(192), 2,
      sym_string_content,
      sym_escape_sequence,
  [1104] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(195), 1,
      anon_sym_COMMA,
    ACTIONS(150), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1115] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(197), 1,
      ts_builtin_sym_end,
    ACTIONS(199), 2,
      anon_sym_import,
      sym_identifier,
  [1126] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(116), 1,
      anon_sym_DOT_DOT,
    ACTIONS(201), 2,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [1137] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(112), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1146] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(203), 1,
      ts_builtin_sym_end,
    ACTIONS(205), 2,
      anon_sym_import,
      sym_identifier,
  [1157] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(207), 1,
      anon_sym_COMMA,
    ACTIONS(182), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1168] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(162), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1177] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(209), 1,
      ts_builtin_sym_end,
    ACTIONS(211), 2,
      anon_sym_import,
      sym_identifier,
  [1188] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(122), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1197] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(213), 1,
      ts_builtin_sym_end,
    ACTIONS(215), 2,
      anon_sym_import,
      sym_identifier,
  [1208] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(217), 1,
      anon_sym_COMMA,
    ACTIONS(220), 1,
      anon_sym_RBRACK,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1221] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(132), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1230] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(140), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1239] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(108), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1248] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(118), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1257] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(156), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1266] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(41), 1,
      anon_sym_RBRACK,
    ACTIONS(222), 1,
      anon_sym_COMMA,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1279] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(224), 1,
      anon_sym_COMMA,
    ACTIONS(166), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1290] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(226), 1,
      anon_sym_COMMA,
    ACTIONS(228), 1,
      anon_sym_RBRACK,
    STATE(79), 1,
      aux_sym_list_repeat1,
  [1303] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(230), 1,
      ts_builtin_sym_end,
    ACTIONS(232), 2,
      anon_sym_import,
      sym_identifier,
  [1314] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(234), 1,
      ts_builtin_sym_end,
    ACTIONS(236), 2,
      anon_sym_import,
      sym_identifier,
  [1325] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(47), 1,
      anon_sym_RBRACK,
    ACTIONS(238), 1,
      anon_sym_COMMA,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1338] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(240), 1,
      anon_sym_COMMA,
    ACTIONS(242), 1,
      anon_sym_RBRACK,
    STATE(74), 1,
      aux_sym_list_repeat1,
  [1351] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(230), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1359] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(220), 2,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [1367] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(209), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1375] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(53), 1,
      anon_sym_DQUOTE,
    STATE(78), 1,
      sym_string,
  [1385] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(213), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1393] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(197), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1401] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(148), 1,
      anon_sym_LBRACE,
    STATE(55), 1,
      sym_block_body,
  [1411] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(176), 1,
      anon_sym_LBRACE,
    STATE(63), 1,
      sym_block_body,
  [1421] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(244), 1,
      ts_builtin_sym_end,
  [1428] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(246), 1,
      sym_integer,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(2)] = 0,
  [SMALL_STATE(3)] = 44,
  [SMALL_STATE(4)] = 88,
  [SMALL_STATE(5)] = 129,
  [SMALL_STATE(6)] = 170,
  [SMALL_STATE(7)] = 211,
  [SMALL_STATE(8)] = 252,
  [SMALL_STATE(9)] = 293,
  [SMALL_STATE(10)] = 334,
  [SMALL_STATE(11)] = 372,
  [SMALL_STATE(12)] = 406,
  [SMALL_STATE(13)] = 440,
  [SMALL_STATE(14)] = 460,
  [SMALL_STATE(15)] = 482,
  [SMALL_STATE(16)] = 504,
  [SMALL_STATE(17)] = 526,
  [SMALL_STATE(18)] = 546,
  [SMALL_STATE(19)] = 568,
  [SMALL_STATE(20)] = 583,
  [SMALL_STATE(21)] = 597,
  [SMALL_STATE(22)] = 611,
  [SMALL_STATE(23)] = 629,
  [SMALL_STATE(24)] = 643,
  [SMALL_STATE(25)] = 661,
  [SMALL_STATE(26)] = 679,
  [SMALL_STATE(27)] = 693,
  [SMALL_STATE(28)] = 709,
  [SMALL_STATE(29)] = 725,
  [SMALL_STATE(30)] = 743,
  [SMALL_STATE(31)] = 761,
  [SMALL_STATE(32)] = 775,
  [SMALL_STATE(33)] = 788,
  [SMALL_STATE(34)] = 799,
  [SMALL_STATE(35)] = 814,
  [SMALL_STATE(36)] = 826,
  [SMALL_STATE(37)] = 838,
  [SMALL_STATE(38)] = 852,
  [SMALL_STATE(39)] = 864,
  [SMALL_STATE(40)] = 878,
  [SMALL_STATE(41)] = 890,
  [SMALL_STATE(42)] = 906,
  [SMALL_STATE(43)] = 920,
  [SMALL_STATE(44)] = 932,
  [SMALL_STATE(45)] = 944,
  [SMALL_STATE(46)] = 954,
  [SMALL_STATE(47)] = 964,
  [SMALL_STATE(48)] = 976,
  [SMALL_STATE(49)] = 988,
  [SMALL_STATE(50)] = 998,
  [SMALL_STATE(51)] = 1008,
  [SMALL_STATE(52)] = 1022,
  [SMALL_STATE(53)] = 1032,
  [SMALL_STATE(54)] = 1048,
  [SMALL_STATE(55)] = 1062,
  [SMALL_STATE(56)] = 1076,
  [SMALL_STATE(57)] = 1090,
  [SMALL_STATE(58)] = 1104,
  [SMALL_STATE(59)] = 1115,
  [SMALL_STATE(60)] = 1126,
  [SMALL_STATE(61)] = 1137,
  [SMALL_STATE(62)] = 1146,
  [SMALL_STATE(63)] = 1157,
  [SMALL_STATE(64)] = 1168,
  [SMALL_STATE(65)] = 1177,
  [SMALL_STATE(66)] = 1188,
  [SMALL_STATE(67)] = 1197,
  [SMALL_STATE(68)] = 1208,
  [SMALL_STATE(69)] = 1221,
  [SMALL_STATE(70)] = 1230,
  [SMALL_STATE(71)] = 1239,
  [SMALL_STATE(72)] = 1248,
  [SMALL_STATE(73)] = 1257,
  [SMALL_STATE(74)] = 1266,
  [SMALL_STATE(75)] = 1279,
  [SMALL_STATE(76)] = 1290,
  [SMALL_STATE(77)] = 1303,
  [SMALL_STATE(78)] = 1314,
  [SMALL_STATE(79)] = 1325,
  [SMALL_STATE(80)] = 1338,
  [SMALL_STATE(81)] = 1351,
  [SMALL_STATE(82)] = 1359,
  [SMALL_STATE(83)] = 1367,
  [SMALL_STATE(84)] = 1375,
  [SMALL_STATE(85)] = 1385,
  [SMALL_STATE(86)] = 1393,
  [SMALL_STATE(87)] = 1401,
  [SMALL_STATE(88)] = 1411,
  [SMALL_STATE(89)] = 1421,
  [SMALL_STATE(90)] = 1428,
};

static const TSParseActionEntry ts_parse_actions[] = {
  [0] = {.entry = {.count = 0, .reusable = false}},
  [1] = {.entry = {.count = 1, .reusable = false}}, RECOVER(),
  [3] = {.entry = {.count = 1, .reusable = true}}, SHIFT_EXTRA(),
  [5] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 0, 0, 0),
  [7] = {.entry = {.count = 1, .reusable = false}}, SHIFT(41),
  [9] = {.entry = {.count = 1, .reusable = false}}, SHIFT(90),
  [11] = {.entry = {.count = 1, .reusable = false}}, SHIFT(84),
  [13] = {.entry = {.count = 1, .reusable = false}}, SHIFT(17),
  [15] = {.entry = {.count = 1, .reusable = true}}, SHIFT(4),
  [17] = {.entry = {.count = 1, .reusable = false}}, SHIFT(19),
  [19] = {.entry = {.count = 1, .reusable = false}}, SHIFT(31),
  [21] = {.entry = {.count = 1, .reusable = true}}, SHIFT(31),
  [23] = {.entry = {.count = 1, .reusable = false}}, SHIFT(39),
  [25] = {.entry = {.count = 1, .reusable = false}}, SHIFT(27),
  [27] = {.entry = {.count = 1, .reusable = true}}, SHIFT(8),
  [29] = {.entry = {.count = 1, .reusable = false}}, SHIFT(33),
  [31] = {.entry = {.count = 1, .reusable = false}}, SHIFT(46),
  [33] = {.entry = {.count = 1, .reusable = true}}, SHIFT(46),
  [35] = {.entry = {.count = 1, .reusable = false}}, SHIFT(54),
  [37] = {.entry = {.count = 1, .reusable = true}}, SHIFT(36),
  [39] = {.entry = {.count = 1, .reusable = true}}, SHIFT(43),
  [41] = {.entry = {.count = 1, .reusable = true}}, SHIFT(35),
  [43] = {.entry = {.count = 1, .reusable = true}}, SHIFT(73),
  [45] = {.entry = {.count = 1, .reusable = true}}, SHIFT(66),
  [47] = {.entry = {.count = 1, .reusable = true}}, SHIFT(72),
  [49] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_boolean, 1, 0, 0),
  [51] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_boolean, 1, 0, 0),
  [53] = {.entry = {.count = 1, .reusable = true}}, SHIFT(39),
  [55] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 1, 0, 0),
  [57] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 2, 0, 0),
  [59] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0),
  [61] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(41),
  [64] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(84),
  [67] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__scalar, 1, 0, 0),
  [69] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__scalar, 1, 0, 0),
  [71] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__boolean_word, 1, 0, 0),
  [73] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__boolean_word, 1, 0, 0),
  [75] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_string, 3, 0, 0),
  [77] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_string, 3, 0, 0),
  [79] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_versioned, 2, 0, 6),
  [81] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_versioned, 2, 0, 6),
  [83] = {.entry = {.count = 1, .reusable = true}}, SHIFT(53),
  [85] = {.entry = {.count = 1, .reusable = true}}, SHIFT(38),
  [87] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_versioned, 2, 0, 7),
  [89] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_versioned, 2, 0, 7),
  [91] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_block_body_repeat1, 2, 0, 0), SHIFT_REPEAT(53),
  [94] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_block_body_repeat1, 2, 0, 0),
  [96] = {.entry = {.count = 1, .reusable = true}}, SHIFT(48),
  [98] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_string, 2, 0, 0),
  [100] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_string, 2, 0, 0),
  [102] = {.entry = {.count = 1, .reusable = true}}, SHIFT(54),
  [104] = {.entry = {.count = 1, .reusable = true}}, SHIFT(64),
  [106] = {.entry = {.count = 1, .reusable = true}}, SHIFT(69),
  [108] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_range, 3, 0, 8),
  [110] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_range, 3, 0, 8),
  [112] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__value, 1, 0, 0),
  [114] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__value, 1, 0, 0),
  [116] = {.entry = {.count = 1, .reusable = true}}, SHIFT(12),
  [118] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_list, 4, 0, 0),
  [120] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_list, 4, 0, 0),
  [122] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_list, 2, 0, 0),
  [124] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_list, 2, 0, 0),
  [126] = {.entry = {.count = 1, .reusable = true}}, SHIFT(20),
  [128] = {.entry = {.count = 1, .reusable = true}}, SHIFT(57),
  [130] = {.entry = {.count = 1, .reusable = false}}, SHIFT_EXTRA(),
  [132] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_body, 3, 0, 0),
  [134] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_body, 3, 0, 0),
  [136] = {.entry = {.count = 1, .reusable = true}}, SHIFT(26),
  [138] = {.entry = {.count = 1, .reusable = true}}, SHIFT(37),
  [140] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_list, 3, 0, 0),
  [142] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_list, 3, 0, 0),
  [144] = {.entry = {.count = 1, .reusable = true}}, SHIFT(87),
  [146] = {.entry = {.count = 1, .reusable = true}}, SHIFT(2),
  [148] = {.entry = {.count = 1, .reusable = true}}, SHIFT(25),
  [150] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_attribute, 3, 0, 4),
  [152] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_attribute, 3, 0, 4),
  [154] = {.entry = {.count = 1, .reusable = true}}, SHIFT(65),
  [156] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_list, 5, 0, 0),
  [158] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_list, 5, 0, 0),
  [160] = {.entry = {.count = 1, .reusable = true}}, SHIFT(11),
  [162] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_body, 2, 0, 0),
  [164] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_body, 2, 0, 0),
  [166] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 2, 0, 3),
  [168] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block, 2, 0, 3),
  [170] = {.entry = {.count = 1, .reusable = true}}, SHIFT(77),
  [172] = {.entry = {.count = 1, .reusable = true}}, SHIFT(88),
  [174] = {.entry = {.count = 1, .reusable = true}}, SHIFT(3),
  [176] = {.entry = {.count = 1, .reusable = true}}, SHIFT(29),
  [178] = {.entry = {.count = 1, .reusable = true}}, SHIFT(45),
  [180] = {.entry = {.count = 1, .reusable = true}}, SHIFT(56),
  [182] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 3, 0, 5),
  [184] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block, 3, 0, 5),
  [186] = {.entry = {.count = 1, .reusable = true}}, SHIFT(67),
  [188] = {.entry = {.count = 1, .reusable = true}}, SHIFT(49),
  [190] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0),
  [192] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0), SHIFT_REPEAT(57),
  [195] = {.entry = {.count = 1, .reusable = true}}, SHIFT(83),
  [197] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__statement, 1, 0, 0),
  [199] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__statement, 1, 0, 0),
  [201] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__element, 1, 0, 0),
  [203] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_header, 2, 0, 1),
  [205] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_header, 2, 0, 1),
  [207] = {.entry = {.count = 1, .reusable = true}}, SHIFT(85),
  [209] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_attribute, 4, 0, 4),
  [211] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_attribute, 4, 0, 4),
  [213] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 4, 0, 5),
  [215] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block, 4, 0, 5),
  [217] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_list_repeat1, 2, 0, 0), SHIFT_REPEAT(10),
  [220] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_list_repeat1, 2, 0, 0),
  [222] = {.entry = {.count = 1, .reusable = true}}, SHIFT(5),
  [224] = {.entry = {.count = 1, .reusable = true}}, SHIFT(81),
  [226] = {.entry = {.count = 1, .reusable = true}}, SHIFT(9),
  [228] = {.entry = {.count = 1, .reusable = true}}, SHIFT(70),
  [230] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 3, 0, 3),
  [232] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block, 3, 0, 3),
  [234] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_import, 2, 0, 2),
  [236] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_import, 2, 0, 2),
  [238] = {.entry = {.count = 1, .reusable = true}}, SHIFT(7),
  [240] = {.entry = {.count = 1, .reusable = true}}, SHIFT(6),
  [242] = {.entry = {.count = 1, .reusable = true}}, SHIFT(40),
  [244] = {.entry = {.count = 1, .reusable = true}},  ACCEPT_INPUT(),
  [246] = {.entry = {.count = 1, .reusable = true}}, SHIFT(62),
};

#ifdef __cplusplus
extern "C" {
#endif
#ifdef TREE_SITTER_HIDE_SYMBOLS
#define TS_PUBLIC
#elif defined(_WIN32)
#define TS_PUBLIC __declspec(dllexport)
#else
#define TS_PUBLIC __attribute__((visibility("default")))
#endif

TS_PUBLIC const TSLanguage *tree_sitter_modak(void) {
  static const TSLanguage language = {
    .version = LANGUAGE_VERSION,
    .symbol_count = SYMBOL_COUNT,
    .alias_count = ALIAS_COUNT,
    .token_count = TOKEN_COUNT,
    .external_token_count = EXTERNAL_TOKEN_COUNT,
    .state_count = STATE_COUNT,
    .large_state_count = LARGE_STATE_COUNT,
    .production_id_count = PRODUCTION_ID_COUNT,
    .field_count = FIELD_COUNT,
    .max_alias_sequence_length = MAX_ALIAS_SEQUENCE_LENGTH,
    .parse_table = &ts_parse_table[0][0],
    .small_parse_table = ts_small_parse_table,
    .small_parse_table_map = ts_small_parse_table_map,
    .parse_actions = ts_parse_actions,
    .symbol_names = ts_symbol_names,
    .field_names = ts_field_names,
    .field_map_slices = ts_field_map_slices,
    .field_map_entries = ts_field_map_entries,
    .symbol_metadata = ts_symbol_metadata,
    .public_symbol_map = ts_symbol_map,
    .alias_map = ts_non_terminal_alias_map,
    .alias_sequences = &ts_alias_sequences[0][0],
    .lex_modes = ts_lex_modes,
    .lex_fn = ts_lex,
    .keyword_lex_fn = ts_lex_keywords,
    .keyword_capture_token = sym_identifier,
    .primary_state_ids = ts_primary_state_ids,
  };
  return &language;
}
#ifdef __cplusplus
}
#endif
