#include "model/cel/lexer.h"

#include "model/cel/utf8.h"

#include <cerrno>
#include <cstdlib>
#include <limits>

// Literal syntax follows cel-spec doc/langdef.md ("Syntax", "String and Bytes Values") and
// cel-go parser/unescape.go.

namespace drasim::model::cel {

namespace {

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hex_value(char c) {
  if (is_digit(c)) {
    return c - '0';
  }
  return (c >= 'a' ? c - 'a' : c - 'A') + 10;
}

const char* const kReserved[] = {"as",        "break",  "const",  "continue", "else", "for",
                                 "function",  "if",     "import", "let",      "loop", "package",
                                 "namespace", "return", "var",    "void",     "while"};

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    while (true) {
      skip_space();
      Token t = next();
      const bool stop = t.kind == TokenKind::kEnd || t.kind == TokenKind::kError;
      out.push_back(std::move(t));
      if (stop) {
        return out;
      }
    }
  }

 private:
  [[nodiscard]] char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }

  void advance(std::size_t n = 1) {
    for (std::size_t i = 0; i < n && pos_ < src_.size(); ++i) {
      const char c = src_[pos_++];
      if (c == '\n') {
        ++line_;
        col_ = 1;
      } else if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) {
        ++col_;
      }
    }
  }

  void skip_space() {
    while (pos_ < src_.size()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (pos_ < src_.size() && peek() != '\n') {
          advance();
        }
      } else {
        return;
      }
    }
  }

  Token make(TokenKind kind, std::string text = {}) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.line = start_line_;
    t.col = start_col_;
    return t;
  }

  Token error(std::string message) { return make(TokenKind::kError, std::move(message)); }

  Token next() {
    start_line_ = line_;
    start_col_ = col_;
    if (pos_ >= src_.size()) {
      return make(TokenKind::kEnd);
    }
    const char c = peek();
    if ((c == 'r' || c == 'R' || c == 'b' || c == 'B') && (peek(1) == '"' || peek(1) == '\'')) {
      const bool bytes = c == 'b' || c == 'B';
      advance();
      return string_literal(!bytes, bytes);
    }
    if ((c == 'r' || c == 'R') && (peek(1) == 'b' || peek(1) == 'B')
        && (peek(2) == '"' || peek(2) == '\'')) {
      advance(2);
      return string_literal(true, true);
    }
    if ((c == 'b' || c == 'B') && (peek(1) == 'r' || peek(1) == 'R')
        && (peek(2) == '"' || peek(2) == '\'')) {
      advance(2);
      return string_literal(true, true);
    }
    if (is_ident_start(c)) {
      return identifier();
    }
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
      return number();
    }
    if (c == '"' || c == '\'') {
      return string_literal(false, false);
    }
    return punctuation();
  }

  Token identifier() {
    const std::size_t start = pos_;
    while (is_ident_start(peek()) || is_digit(peek())) {
      advance();
    }
    std::string text(src_.substr(start, pos_ - start));
    if (text == "true") {
      return make(TokenKind::kTrue, text);
    }
    if (text == "false") {
      return make(TokenKind::kFalse, text);
    }
    if (text == "null") {
      return make(TokenKind::kNull, text);
    }
    if (text == "in") {
      return make(TokenKind::kIn, text);
    }
    for (const char* r : kReserved) {
      if (text == r) {
        return error("reserved identifier: " + text);
      }
    }
    return make(TokenKind::kIdent, text);
  }

  Token number() {
    const std::size_t start = pos_;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance(2);
      const std::size_t digits = pos_;
      while (is_hex(peek())) {
        advance();
      }
      if (pos_ == digits) {
        return error("invalid hex literal");
      }
      return integer(src_.substr(digits, pos_ - digits), 16);
    }
    while (is_digit(peek())) {
      advance();
    }
    bool is_double = false;
    if (peek() == '.' && is_digit(peek(1))) {
      is_double = true;
      advance();
      while (is_digit(peek())) {
        advance();
      }
    }
    if ((peek() == 'e' || peek() == 'E')
        && (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
      is_double = true;
      advance(2);
      while (is_digit(peek())) {
        advance();
      }
    }
    const std::string text(src_.substr(start, pos_ - start));
    if (is_double) {
      Token t = make(TokenKind::kDouble, text);
      t.literal = Value::from_double(std::strtod(text.c_str(), nullptr));
      return t;
    }
    return integer(text, 10);
  }

  Token integer(std::string_view digits, int base) {
    const bool is_uint = peek() == 'u' || peek() == 'U';
    if (is_uint) {
      advance();
    }
    __extension__ unsigned __int128 v = 0;
    for (const char d : digits) {
      v = v * static_cast<unsigned>(base) + static_cast<unsigned>(hex_value(d));
      if (v > std::numeric_limits<uint64_t>::max()) {
        return error("invalid int literal");
      }
    }
    if (is_uint) {
      Token t = make(TokenKind::kUint, std::string(digits));
      t.literal = Value::from_uint(static_cast<uint64_t>(v));
      return t;
    }
    // Kept as uint here; the parser folds a leading '-' so -9223372036854775808 is valid.
    Token t = make(TokenKind::kInt, std::string(digits));
    t.literal = Value::from_uint(static_cast<uint64_t>(v));
    return t;
  }

  /// Reads one escape after a backslash. Returns false with `error_` set on a bad escape.
  bool escape(std::string& out, bool bytes, char quote) {
    const char c = peek();
    advance();
    switch (c) {
      case 'a':
        out += '\a';
        return true;
      case 'b':
        out += '\b';
        return true;
      case 'f':
        out += '\f';
        return true;
      case 'n':
        out += '\n';
        return true;
      case 'r':
        out += '\r';
        return true;
      case 't':
        out += '\t';
        return true;
      case 'v':
        out += '\v';
        return true;
      case '\\':
        out += '\\';
        return true;
      case '\'':
        out += '\'';
        return true;
      case '"':
        out += '"';
        return true;
      case '`':
        out += '`';
        return true;
      case '?':
        out += '?';
        return true;
      default:
        break;
    }
    (void)quote;
    if (c >= '0' && c <= '3') {
      if (!(peek() >= '0' && peek() <= '7' && peek(1) >= '0' && peek(1) <= '7')) {
        return false;
      }
      const auto v = static_cast<uint32_t>((c - '0') * 64 + (peek() - '0') * 8 + (peek(1) - '0'));
      advance(2);
      emit(out, v, bytes);
      return true;
    }
    int width = 0;
    if (c == 'x' || c == 'X') {
      width = 2;
    } else if (c == 'u' && !bytes) {
      width = 4;
    } else if (c == 'U' && !bytes) {
      width = 8;
    } else {
      return false;
    }
    uint32_t v = 0;
    for (int i = 0; i < width; ++i) {
      if (!is_hex(peek())) {
        return false;
      }
      v = v * 16 + static_cast<uint32_t>(hex_value(peek()));
      advance();
    }
    if (v > 0x10FFFF || (v >= 0xD800 && v < 0xE000)) {
      return false;
    }
    emit(out, v, bytes);
    return true;
  }

  static void emit(std::string& out, uint32_t v, bool bytes) {
    if (bytes) {
      out += static_cast<char>(v & 0xFF);
    } else {
      append_utf8(out, v);
    }
  }

  Token string_literal(bool raw, bool bytes) {
    const char quote = peek();
    const bool triple = peek(1) == quote && peek(2) == quote;
    advance(triple ? 3 : 1);
    std::string out;
    while (true) {
      if (pos_ >= src_.size()) {
        return error("unterminated string literal");
      }
      const char c = peek();
      if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
        advance(triple ? 3 : 1);
        break;
      }
      if (!triple && (c == '\n' || c == '\r')) {
        return error("unterminated string literal");
      }
      if (c == '\\' && !raw) {
        advance();
        if (!escape(out, bytes, quote)) {
          return error("invalid escape sequence");
        }
        continue;
      }
      out += c;
      advance();
    }
    Token t = make(bytes ? TokenKind::kBytes : TokenKind::kString);
    t.literal = bytes ? Value::from_bytes(std::move(out)) : Value::from_string(std::move(out));
    return t;
  }

  Token punctuation() {
    static constexpr std::string_view kTwo[] = {"&&", "||", "==", "!=", "<=", ">=", ".?", "[?"};
    const std::string_view rest = src_.substr(pos_);
    for (const auto op : kTwo) {
      if (rest.substr(0, 2) == op) {
        advance(2);
        return make(TokenKind::kPunct, std::string(op));
      }
    }
    const char c = peek();
    static constexpr std::string_view kOne = "+-*/%!<>?:.,()[]{}";
    if (kOne.find(c) != std::string_view::npos) {
      advance();
      return make(TokenKind::kPunct, std::string(1, c));
    }
    advance();
    return error("token recognition error at: '" + std::string(1, c) + "'");
  }

  std::string_view src_;
  std::size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
  uint32_t start_line_ = 1;
  uint32_t start_col_ = 1;
};

}  // namespace

std::vector<Token> tokenize(std::string_view source) {
  return Lexer(source).run();
}

}  // namespace drasim::model::cel
