#include "tree_sitter/parser.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

#define LANGUAGE_VERSION 14
#define STATE_COUNT 91
#define LARGE_STATE_COUNT 2
#define SYMBOL_COUNT 44
#define ALIAS_COUNT 0
#define TOKEN_COUNT 24
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
  sym_amount = 16,
  sym_duration = 17,
  anon_sym_DQUOTE = 18,
  anon_sym_DQUOTE2 = 19,
  sym_string_content = 20,
  sym_escape_sequence = 21,
  sym_text_block = 22,
  sym_comment = 23,
  sym_source_file = 24,
  sym_header = 25,
  sym_import = 26,
  sym__statement = 27,
  sym_attribute = 28,
  sym_block = 29,
  sym_block_body = 30,
  sym__value = 31,
  sym_list = 32,
  sym__element = 33,
  sym_range = 34,
  sym__scalar = 35,
  sym_versioned = 36,
  sym_boolean = 37,
  sym__boolean_word = 38,
  sym_string = 39,
  aux_sym_source_file_repeat1 = 40,
  aux_sym_block_body_repeat1 = 41,
  aux_sym_list_repeat1 = 42,
  aux_sym_string_repeat1 = 43,
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
  [sym_amount] = "amount",
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
  [sym_amount] = sym_amount,
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
  [sym_amount] = {
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
      if (eof) ADVANCE(72);
      ADVANCE_MAP(
        '"', 99,
        ',', 74,
        '-', 61,
        '.', 10,
        '/', 7,
        '=', 73,
        '[', 77,
        '\\', 45,
        ']', 78,
        '{', 75,
        '}', 76,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(70);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(81);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(80);
      END_STATE();
    case 1:
      if (lookahead == '"') ADVANCE(97);
      if (lookahead == '-') ADVANCE(61);
      if (lookahead == '/') ADVANCE(7);
      if (lookahead == '[') ADVANCE(77);
      if (lookahead == ']') ADVANCE(78);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(1);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(81);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(80);
      END_STATE();
    case 2:
      if (lookahead == '"') ADVANCE(6);
      END_STATE();
    case 3:
      if (lookahead == '"') ADVANCE(106);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(6);
      END_STATE();
    case 4:
      if (lookahead == '"') ADVANCE(98);
      if (lookahead == '/') ADVANCE(100);
      if (lookahead == '\\') ADVANCE(45);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(103);
      if (lookahead == '\n' ||
          lookahead == '\r') SKIP(11);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(104);
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
      if (lookahead == '/') ADVANCE(108);
      END_STATE();
    case 8:
      if (lookahead == '*') ADVANCE(8);
      if (lookahead == '/') ADVANCE(107);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(9);
      END_STATE();
    case 9:
      if (lookahead == '*') ADVANCE(8);
      if ((0x01 <= lookahead && lookahead <= 0x10fffe)) ADVANCE(9);
      END_STATE();
    case 10:
      if (lookahead == '.') ADVANCE(79);
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
          lookahead == 'd') ADVANCE(51);
      if (('2' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(57);
      END_STATE();
    case 13:
      if (lookahead == '0') ADVANCE(57);
      if (lookahead == '}') ADVANCE(105);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(56);
      END_STATE();
    case 14:
      if (lookahead == '0') ADVANCE(15);
      if (lookahead == '}') ADVANCE(105);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(51);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(57);
      END_STATE();
    case 15:
      if (lookahead == '0') ADVANCE(56);
      if (lookahead == '}') ADVANCE(105);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(50);
      if (('1' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(56);
      END_STATE();
    case 16:
      if (lookahead == ':') ADVANCE(59);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(16);
      END_STATE();
    case 17:
      if (lookahead == ':') ADVANCE(60);
      END_STATE();
    case 18:
      if (lookahead == 'B') ADVANCE(89);
      END_STATE();
    case 19:
      ADVANCE_MAP(
        'B', 89,
        'C', 24,
        'E', 28,
        'G', 21,
        'J', 25,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'U', 27,
        'c', 37,
        'g', 40,
        'k', 18,
        'n', 38,
        '\t', 19,
        ' ', 19,
      );
      END_STATE();
    case 20:
      if (lookahead == 'B') ADVANCE(89);
      if (lookahead == 'i') ADVANCE(18);
      END_STATE();
    case 21:
      if (lookahead == 'B') ADVANCE(90);
      if (lookahead == 'i') ADVANCE(18);
      END_STATE();
    case 22:
      if (lookahead == 'D') ADVANCE(91);
      END_STATE();
    case 23:
      if (lookahead == 'F') ADVANCE(91);
      END_STATE();
    case 24:
      if (lookahead == 'H') ADVANCE(23);
      if (lookahead == 'N') ADVANCE(30);
      END_STATE();
    case 25:
      if (lookahead == 'P') ADVANCE(30);
      END_STATE();
    case 26:
      if (lookahead == 'R') ADVANCE(91);
      END_STATE();
    case 27:
      if (lookahead == 'S') ADVANCE(22);
      END_STATE();
    case 28:
      if (lookahead == 'U') ADVANCE(26);
      END_STATE();
    case 29:
      if (lookahead == 'U') ADVANCE(26);
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(65);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(88);
      END_STATE();
    case 30:
      if (lookahead == 'Y') ADVANCE(91);
      END_STATE();
    case 31:
      if (lookahead == '_') ADVANCE(35);
      END_STATE();
    case 32:
      if (lookahead == 'd') ADVANCE(33);
      END_STATE();
    case 33:
      if (lookahead == 'e') ADVANCE(31);
      END_STATE();
    case 34:
      if (lookahead == 'h') ADVANCE(94);
      if (lookahead == 'm') ADVANCE(95);
      if (lookahead == 's') ADVANCE(92);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(34);
      END_STATE();
    case 35:
      if (lookahead == 'h') ADVANCE(39);
      END_STATE();
    case 36:
      if (lookahead == 'm') ADVANCE(95);
      if (lookahead == 's') ADVANCE(92);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(36);
      END_STATE();
    case 37:
      if (lookahead == 'o') ADVANCE(41);
      END_STATE();
    case 38:
      if (lookahead == 'o') ADVANCE(32);
      END_STATE();
    case 39:
      if (lookahead == 'o') ADVANCE(47);
      END_STATE();
    case 40:
      if (lookahead == 'p') ADVANCE(46);
      END_STATE();
    case 41:
      if (lookahead == 'r') ADVANCE(33);
      END_STATE();
    case 42:
      if (lookahead == 'r') ADVANCE(44);
      END_STATE();
    case 43:
      if (lookahead == 's') ADVANCE(92);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      END_STATE();
    case 44:
      if (lookahead == 's') ADVANCE(91);
      END_STATE();
    case 45:
      if (lookahead == 'u') ADVANCE(48);
      if (lookahead == '"' ||
          lookahead == '\\' ||
          lookahead == 'n' ||
          lookahead == 'r' ||
          lookahead == 't') ADVANCE(105);
      END_STATE();
    case 46:
      if (lookahead == 'u') ADVANCE(31);
      END_STATE();
    case 47:
      if (lookahead == 'u') ADVANCE(42);
      END_STATE();
    case 48:
      if (lookahead == '{') ADVANCE(12);
      END_STATE();
    case 49:
      if (lookahead == '}') ADVANCE(105);
      END_STATE();
    case 50:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '7')) ADVANCE(55);
      if (lookahead == '8' ||
          lookahead == '9' ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(53);
      END_STATE();
    case 51:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '7')) ADVANCE(56);
      if (lookahead == '8' ||
          lookahead == '9' ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(54);
      END_STATE();
    case 52:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(69);
      END_STATE();
    case 53:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(49);
      END_STATE();
    case 54:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(52);
      END_STATE();
    case 55:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(53);
      END_STATE();
    case 56:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(55);
      END_STATE();
    case 57:
      if (lookahead == '}') ADVANCE(105);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(56);
      END_STATE();
    case 58:
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(65);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(88);
      END_STATE();
    case 59:
      if (('0' <= lookahead && lookahead <= '5')) ADVANCE(67);
      END_STATE();
    case 60:
      if (('0' <= lookahead && lookahead <= '5')) ADVANCE(62);
      END_STATE();
    case 61:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(83);
      END_STATE();
    case 62:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(92);
      END_STATE();
    case 63:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(16);
      END_STATE();
    case 64:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(86);
      END_STATE();
    case 65:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(88);
      END_STATE();
    case 66:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(87);
      END_STATE();
    case 67:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(17);
      END_STATE();
    case 68:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(85);
      END_STATE();
    case 69:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(49);
      END_STATE();
    case 70:
      if (eof) ADVANCE(72);
      ADVANCE_MAP(
        '"', 97,
        ',', 74,
        '-', 61,
        '.', 10,
        '/', 7,
        '=', 73,
        '[', 77,
        ']', 78,
        '{', 75,
        '}', 76,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(70);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(81);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(80);
      END_STATE();
    case 71:
      if (eof) ADVANCE(72);
      if (lookahead == '"') ADVANCE(96);
      if (lookahead == ',') ADVANCE(74);
      if (lookahead == '-') ADVANCE(68);
      if (lookahead == '.') ADVANCE(10);
      if (lookahead == '/') ADVANCE(7);
      if (lookahead == ']') ADVANCE(78);
      if (lookahead == '}') ADVANCE(76);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(71);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(85);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(80);
      END_STATE();
    case 72:
      ACCEPT_TOKEN(ts_builtin_sym_end);
      END_STATE();
    case 73:
      ACCEPT_TOKEN(anon_sym_EQ);
      END_STATE();
    case 74:
      ACCEPT_TOKEN(anon_sym_COMMA);
      END_STATE();
    case 75:
      ACCEPT_TOKEN(anon_sym_LBRACE);
      END_STATE();
    case 76:
      ACCEPT_TOKEN(anon_sym_RBRACE);
      END_STATE();
    case 77:
      ACCEPT_TOKEN(anon_sym_LBRACK);
      END_STATE();
    case 78:
      ACCEPT_TOKEN(anon_sym_RBRACK);
      END_STATE();
    case 79:
      ACCEPT_TOKEN(anon_sym_DOT_DOT);
      END_STATE();
    case 80:
      ACCEPT_TOKEN(sym_identifier);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(80);
      END_STATE();
    case 81:
      ACCEPT_TOKEN(sym_integer);
      ADVANCE_MAP(
        '-', 63,
        '.', 64,
        ':', 59,
        'B', 89,
        'C', 24,
        'E', 29,
        'G', 21,
        'J', 25,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'U', 27,
        '_', 82,
        'c', 37,
        'd', 93,
        'e', 58,
        'g', 40,
        'h', 94,
        'k', 18,
        'm', 95,
        'n', 38,
        's', 92,
        '\t', 19,
        ' ', 19,
      );
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(81);
      END_STATE();
    case 82:
      ACCEPT_TOKEN(sym_integer);
      ADVANCE_MAP(
        '.', 64,
        'B', 89,
        'C', 24,
        'E', 28,
        'G', 21,
        'J', 25,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'U', 27,
        'c', 37,
        'g', 40,
        'k', 18,
        'n', 38,
        '\t', 19,
        ' ', 19,
      );
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(82);
      END_STATE();
    case 83:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(66);
      if (lookahead == '_') ADVANCE(84);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(58);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(83);
      END_STATE();
    case 84:
      ACCEPT_TOKEN(sym_integer);
      if (lookahead == '.') ADVANCE(66);
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(84);
      END_STATE();
    case 85:
      ACCEPT_TOKEN(sym_integer);
      if (('0' <= lookahead && lookahead <= '9') ||
          lookahead == '_') ADVANCE(85);
      END_STATE();
    case 86:
      ACCEPT_TOKEN(sym_float);
      ADVANCE_MAP(
        'B', 89,
        'C', 24,
        'E', 29,
        'G', 21,
        'J', 25,
        'K', 20,
        'M', 20,
        'P', 20,
        'T', 20,
        'U', 27,
        'c', 37,
        'e', 58,
        'g', 40,
        'k', 18,
        'n', 38,
        '\t', 19,
        ' ', 19,
      );
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(86);
      END_STATE();
    case 87:
      ACCEPT_TOKEN(sym_float);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(58);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(87);
      END_STATE();
    case 88:
      ACCEPT_TOKEN(sym_float);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(88);
      END_STATE();
    case 89:
      ACCEPT_TOKEN(sym_size);
      END_STATE();
    case 90:
      ACCEPT_TOKEN(sym_size);
      if (lookahead == 'P') ADVANCE(91);
      END_STATE();
    case 91:
      ACCEPT_TOKEN(sym_amount);
      END_STATE();
    case 92:
      ACCEPT_TOKEN(sym_duration);
      END_STATE();
    case 93:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(34);
      END_STATE();
    case 94:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(36);
      END_STATE();
    case 95:
      ACCEPT_TOKEN(sym_duration);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(43);
      END_STATE();
    case 96:
      ACCEPT_TOKEN(anon_sym_DQUOTE);
      END_STATE();
    case 97:
      ACCEPT_TOKEN(anon_sym_DQUOTE);
      if (lookahead == '"') ADVANCE(2);
      END_STATE();
    case 98:
      ACCEPT_TOKEN(anon_sym_DQUOTE2);
      END_STATE();
    case 99:
      ACCEPT_TOKEN(anon_sym_DQUOTE2);
      if (lookahead == '"') ADVANCE(2);
      END_STATE();
    case 100:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(102);
      if (lookahead == '/') ADVANCE(104);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(104);
      END_STATE();
    case 101:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(101);
      if (lookahead == '/') ADVANCE(104);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(102);
      END_STATE();
    case 102:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '*') ADVANCE(101);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(102);
      END_STATE();
    case 103:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '/') ADVANCE(100);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(103);
      if ((0x01 <= lookahead && lookahead <= 0x08) ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(104);
      END_STATE();
    case 104:
      ACCEPT_TOKEN(sym_string_content);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= '!') ||
          ('#' <= lookahead && lookahead <= '[') ||
          (']' <= lookahead && lookahead <= 0x10fffe)) ADVANCE(104);
      END_STATE();
    case 105:
      ACCEPT_TOKEN(sym_escape_sequence);
      END_STATE();
    case 106:
      ACCEPT_TOKEN(sym_text_block);
      END_STATE();
    case 107:
      ACCEPT_TOKEN(sym_comment);
      END_STATE();
    case 108:
      ACCEPT_TOKEN(sym_comment);
      if ((0x01 <= lookahead && lookahead <= '\t') ||
          lookahead == 0x0b ||
          lookahead == '\f' ||
          (0x0e <= lookahead && lookahead <= 0x10fffe)) ADVANCE(108);
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
  [13] = {.lex_state = 71},
  [14] = {.lex_state = 0},
  [15] = {.lex_state = 0},
  [16] = {.lex_state = 0},
  [17] = {.lex_state = 71},
  [18] = {.lex_state = 0},
  [19] = {.lex_state = 71},
  [20] = {.lex_state = 0},
  [21] = {.lex_state = 0},
  [22] = {.lex_state = 0},
  [23] = {.lex_state = 0},
  [24] = {.lex_state = 0},
  [25] = {.lex_state = 0},
  [26] = {.lex_state = 0},
  [27] = {.lex_state = 71},
  [28] = {.lex_state = 71},
  [29] = {.lex_state = 0},
  [30] = {.lex_state = 0},
  [31] = {.lex_state = 0},
  [32] = {.lex_state = 0},
  [33] = {.lex_state = 71},
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
  [84] = {.lex_state = 71},
  [85] = {.lex_state = 0},
  [86] = {.lex_state = 0},
  [87] = {.lex_state = 0},
  [88] = {.lex_state = 0},
  [89] = {.lex_state = 0},
  [90] = {.lex_state = 71},
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
    [sym_amount] = ACTIONS(1),
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
    STATE(44), 2,
      sym_list,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [45] = 12,
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
    STATE(61), 2,
      sym_list,
      sym_range,
    ACTIONS(31), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(33), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(46), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [90] = 11,
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
    STATE(80), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [132] = 11,
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
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [174] = 11,
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
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [216] = 11,
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
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [258] = 11,
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
    STATE(76), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [300] = 11,
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
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [342] = 10,
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
    STATE(82), 2,
      sym__element,
      sym_range,
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [381] = 9,
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
    ACTIONS(31), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(33), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(46), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [416] = 9,
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
    ACTIONS(19), 3,
      sym_integer,
      sym_float,
      sym_size,
    ACTIONS(21), 3,
      sym_amount,
      sym_duration,
      sym_text_block,
    STATE(31), 3,
      sym_versioned,
      sym_boolean,
      sym_string,
  [451] = 5,
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
  [471] = 6,
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
  [493] = 6,
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
  [515] = 6,
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
  [537] = 5,
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
  [557] = 6,
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
  [579] = 3,
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
  [594] = 3,
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
  [608] = 3,
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
  [622] = 5,
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
  [640] = 3,
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
  [654] = 5,
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
  [672] = 5,
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
  [690] = 3,
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
  [704] = 4,
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
  [720] = 4,
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
  [736] = 5,
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
  [754] = 5,
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
  [772] = 3,
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
  [786] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(110), 2,
      anon_sym_import,
      sym_identifier,
    ACTIONS(108), 3,
      ts_builtin_sym_end,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [799] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(71), 5,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
      anon_sym_DQUOTE,
  [810] = 4,
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
  [825] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(118), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(120), 2,
      anon_sym_import,
      sym_identifier,
  [837] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(122), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(124), 2,
      anon_sym_import,
      sym_identifier,
  [849] = 4,
    ACTIONS(126), 1,
      anon_sym_DQUOTE2,
    ACTIONS(130), 1,
      sym_comment,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(128), 2,
      sym_string_content,
      sym_escape_sequence,
  [863] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(132), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(134), 2,
      anon_sym_import,
      sym_identifier,
  [875] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(136), 1,
      anon_sym_DQUOTE2,
    STATE(37), 1,
      aux_sym_string_repeat1,
    ACTIONS(138), 2,
      sym_string_content,
      sym_escape_sequence,
  [889] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(140), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(142), 2,
      anon_sym_import,
      sym_identifier,
  [901] = 5,
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
  [917] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(150), 1,
      ts_builtin_sym_end,
    ACTIONS(154), 1,
      anon_sym_COMMA,
    ACTIONS(152), 2,
      anon_sym_import,
      sym_identifier,
  [931] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(156), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(158), 2,
      anon_sym_import,
      sym_identifier,
  [943] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(112), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(114), 2,
      anon_sym_import,
      sym_identifier,
  [955] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(98), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [965] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(67), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [975] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(160), 1,
      anon_sym_DOT_DOT,
    ACTIONS(112), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [987] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(162), 2,
      ts_builtin_sym_end,
      anon_sym_COMMA,
    ACTIONS(164), 2,
      anon_sym_import,
      sym_identifier,
  [999] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(75), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [1009] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(79), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [1019] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(166), 1,
      ts_builtin_sym_end,
    ACTIONS(170), 1,
      anon_sym_COMMA,
    ACTIONS(168), 2,
      anon_sym_import,
      sym_identifier,
  [1033] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(87), 4,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      anon_sym_DOT_DOT,
      sym_identifier,
  [1043] = 5,
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
  [1059] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(178), 1,
      anon_sym_DQUOTE2,
    STATE(56), 1,
      aux_sym_string_repeat1,
    ACTIONS(180), 2,
      sym_string_content,
      sym_escape_sequence,
  [1073] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(182), 1,
      ts_builtin_sym_end,
    ACTIONS(186), 1,
      anon_sym_COMMA,
    ACTIONS(184), 2,
      anon_sym_import,
      sym_identifier,
  [1087] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(188), 1,
      anon_sym_DQUOTE2,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(128), 2,
      sym_string_content,
      sym_escape_sequence,
  [1101] = 4,
    ACTIONS(130), 1,
      sym_comment,
    ACTIONS(190), 1,
      anon_sym_DQUOTE2,
    STATE(57), 1,
      aux_sym_string_repeat1,
    ACTIONS(192), 2,
      sym_string_content,
      sym_escape_sequence,
  [1115] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(195), 1,
      anon_sym_COMMA,
    ACTIONS(150), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1126] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(197), 1,
      ts_builtin_sym_end,
    ACTIONS(199), 2,
      anon_sym_import,
      sym_identifier,
  [1137] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(116), 1,
      anon_sym_DOT_DOT,
    ACTIONS(201), 2,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [1148] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(112), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1157] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(203), 1,
      ts_builtin_sym_end,
    ACTIONS(205), 2,
      anon_sym_import,
      sym_identifier,
  [1168] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(207), 1,
      anon_sym_COMMA,
    ACTIONS(182), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1179] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(162), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1188] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(209), 1,
      ts_builtin_sym_end,
    ACTIONS(211), 2,
      anon_sym_import,
      sym_identifier,
  [1199] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(122), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1208] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(213), 1,
      ts_builtin_sym_end,
    ACTIONS(215), 2,
      anon_sym_import,
      sym_identifier,
  [1219] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(217), 1,
      anon_sym_COMMA,
    ACTIONS(220), 1,
      anon_sym_RBRACK,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1232] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(132), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1241] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(140), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1250] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(108), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1259] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(118), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1268] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(156), 3,
      anon_sym_COMMA,
      anon_sym_RBRACE,
      sym_identifier,
  [1277] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(41), 1,
      anon_sym_RBRACK,
    ACTIONS(222), 1,
      anon_sym_COMMA,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1290] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(224), 1,
      anon_sym_COMMA,
    ACTIONS(166), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1301] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(226), 1,
      anon_sym_COMMA,
    ACTIONS(228), 1,
      anon_sym_RBRACK,
    STATE(79), 1,
      aux_sym_list_repeat1,
  [1314] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(230), 1,
      ts_builtin_sym_end,
    ACTIONS(232), 2,
      anon_sym_import,
      sym_identifier,
  [1325] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(234), 1,
      ts_builtin_sym_end,
    ACTIONS(236), 2,
      anon_sym_import,
      sym_identifier,
  [1336] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(47), 1,
      anon_sym_RBRACK,
    ACTIONS(238), 1,
      anon_sym_COMMA,
    STATE(68), 1,
      aux_sym_list_repeat1,
  [1349] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(240), 1,
      anon_sym_COMMA,
    ACTIONS(242), 1,
      anon_sym_RBRACK,
    STATE(74), 1,
      aux_sym_list_repeat1,
  [1362] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(230), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1370] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(220), 2,
      anon_sym_COMMA,
      anon_sym_RBRACK,
  [1378] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(209), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1386] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(53), 1,
      anon_sym_DQUOTE,
    STATE(78), 1,
      sym_string,
  [1396] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(213), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1404] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(197), 2,
      anon_sym_RBRACE,
      sym_identifier,
  [1412] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(148), 1,
      anon_sym_LBRACE,
    STATE(55), 1,
      sym_block_body,
  [1422] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(176), 1,
      anon_sym_LBRACE,
    STATE(63), 1,
      sym_block_body,
  [1432] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(244), 1,
      ts_builtin_sym_end,
  [1439] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(246), 1,
      sym_integer,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(2)] = 0,
  [SMALL_STATE(3)] = 45,
  [SMALL_STATE(4)] = 90,
  [SMALL_STATE(5)] = 132,
  [SMALL_STATE(6)] = 174,
  [SMALL_STATE(7)] = 216,
  [SMALL_STATE(8)] = 258,
  [SMALL_STATE(9)] = 300,
  [SMALL_STATE(10)] = 342,
  [SMALL_STATE(11)] = 381,
  [SMALL_STATE(12)] = 416,
  [SMALL_STATE(13)] = 451,
  [SMALL_STATE(14)] = 471,
  [SMALL_STATE(15)] = 493,
  [SMALL_STATE(16)] = 515,
  [SMALL_STATE(17)] = 537,
  [SMALL_STATE(18)] = 557,
  [SMALL_STATE(19)] = 579,
  [SMALL_STATE(20)] = 594,
  [SMALL_STATE(21)] = 608,
  [SMALL_STATE(22)] = 622,
  [SMALL_STATE(23)] = 640,
  [SMALL_STATE(24)] = 654,
  [SMALL_STATE(25)] = 672,
  [SMALL_STATE(26)] = 690,
  [SMALL_STATE(27)] = 704,
  [SMALL_STATE(28)] = 720,
  [SMALL_STATE(29)] = 736,
  [SMALL_STATE(30)] = 754,
  [SMALL_STATE(31)] = 772,
  [SMALL_STATE(32)] = 786,
  [SMALL_STATE(33)] = 799,
  [SMALL_STATE(34)] = 810,
  [SMALL_STATE(35)] = 825,
  [SMALL_STATE(36)] = 837,
  [SMALL_STATE(37)] = 849,
  [SMALL_STATE(38)] = 863,
  [SMALL_STATE(39)] = 875,
  [SMALL_STATE(40)] = 889,
  [SMALL_STATE(41)] = 901,
  [SMALL_STATE(42)] = 917,
  [SMALL_STATE(43)] = 931,
  [SMALL_STATE(44)] = 943,
  [SMALL_STATE(45)] = 955,
  [SMALL_STATE(46)] = 965,
  [SMALL_STATE(47)] = 975,
  [SMALL_STATE(48)] = 987,
  [SMALL_STATE(49)] = 999,
  [SMALL_STATE(50)] = 1009,
  [SMALL_STATE(51)] = 1019,
  [SMALL_STATE(52)] = 1033,
  [SMALL_STATE(53)] = 1043,
  [SMALL_STATE(54)] = 1059,
  [SMALL_STATE(55)] = 1073,
  [SMALL_STATE(56)] = 1087,
  [SMALL_STATE(57)] = 1101,
  [SMALL_STATE(58)] = 1115,
  [SMALL_STATE(59)] = 1126,
  [SMALL_STATE(60)] = 1137,
  [SMALL_STATE(61)] = 1148,
  [SMALL_STATE(62)] = 1157,
  [SMALL_STATE(63)] = 1168,
  [SMALL_STATE(64)] = 1179,
  [SMALL_STATE(65)] = 1188,
  [SMALL_STATE(66)] = 1199,
  [SMALL_STATE(67)] = 1208,
  [SMALL_STATE(68)] = 1219,
  [SMALL_STATE(69)] = 1232,
  [SMALL_STATE(70)] = 1241,
  [SMALL_STATE(71)] = 1250,
  [SMALL_STATE(72)] = 1259,
  [SMALL_STATE(73)] = 1268,
  [SMALL_STATE(74)] = 1277,
  [SMALL_STATE(75)] = 1290,
  [SMALL_STATE(76)] = 1301,
  [SMALL_STATE(77)] = 1314,
  [SMALL_STATE(78)] = 1325,
  [SMALL_STATE(79)] = 1336,
  [SMALL_STATE(80)] = 1349,
  [SMALL_STATE(81)] = 1362,
  [SMALL_STATE(82)] = 1370,
  [SMALL_STATE(83)] = 1378,
  [SMALL_STATE(84)] = 1386,
  [SMALL_STATE(85)] = 1396,
  [SMALL_STATE(86)] = 1404,
  [SMALL_STATE(87)] = 1412,
  [SMALL_STATE(88)] = 1422,
  [SMALL_STATE(89)] = 1432,
  [SMALL_STATE(90)] = 1439,
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
