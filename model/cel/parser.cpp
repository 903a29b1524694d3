#include "model/cel/parser.h"

#include "model/cel/lexer.h"

#include <algorithm>
#include <limits>
#include <utility>

// Grammar: cel-spec doc/langdef.md ("Syntax"). Macro expansions: cel-go parser/macro.go
// (MakeAll, MakeExists, MakeExistsOne, MakeMap, MakeFilter, the two-variable forms of
// ext/comprehensions.go) and ext/bindings.go (cel.bind).

namespace drasim::model::cel {

namespace {

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  std::variant<Ast, ParseError> run() {
    if (!tokens_.empty() && tokens_.back().kind == TokenKind::kError && tokens_.size() == 1) {
      return error_at(tokens_.back(), tokens_.back().text);
    }
    const int32_t root = expr();
    if (root >= 0 && peek().kind != TokenKind::kEnd) {
      fail(peek(), "mismatched input " + describe(peek()) + " expecting <EOF>");
    }
    if (error_) {
      return std::move(*error_);
    }
    if (!depth_within_limit()) {
      return ParseError{
          "expression recursion limit exceeded: " + std::to_string(kMaxRecursionDepth), 1, 1};
    }
    ast_.root = root;
    return std::move(ast_);
  }

 private:
  /// Long operator chains (`a + a + ... + a`) parse without recursion but would evaluate with
  /// deep recursion, so the tree depth is bounded too. Children always precede their parent.
  bool depth_within_limit() const {
    std::vector<int> depth(ast_.nodes.size(), 1);
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      for (const int32_t c : ast_.nodes[i].children) {
        depth[i] = std::max(depth[i], depth[static_cast<std::size_t>(c)] + 1);
      }
      if (depth[i] > kMaxAstDepth) {
        return false;
      }
    }
    return true;
  }

  // ---- tokens ----
  [[nodiscard]] const Token& peek() const { return tokens_[std::min(pos_, tokens_.size() - 1)]; }

  const Token& take() {
    const Token& t = peek();
    if (pos_ < tokens_.size() - 1) {
      ++pos_;
    }
    return t;
  }

  [[nodiscard]] bool is_punct(std::string_view p) const {
    return peek().kind == TokenKind::kPunct && peek().text == p;
  }

  bool accept(std::string_view p) {
    if (is_punct(p)) {
      take();
      return true;
    }
    return false;
  }

  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::kEnd:
        return "'<EOF>'";
      case TokenKind::kString:
        return "'\"" + t.literal.as_string() + "\"'";
      default:
        return "'" + t.text + "'";
    }
  }

  static ParseError error_at(const Token& t, const std::string& msg) {
    return ParseError{"Syntax error: " + msg, t.line, t.col};
  }

  int32_t fail(const Token& t, const std::string& msg) {
    if (!error_) {
      if (t.kind == TokenKind::kError) {
        error_ = error_at(t, t.text);
      } else {
        error_ = error_at(t, msg);
      }
    }
    return -1;
  }

  bool expect(std::string_view p) {
    if (accept(p)) {
      return true;
    }
    fail(peek(), "mismatched input " + describe(peek()) + " expecting '" + std::string(p) + "'");
    return false;
  }

  // ---- node construction ----
  int32_t add(Node n) {
    ast_.nodes.push_back(std::move(n));
    return static_cast<int32_t>(ast_.nodes.size() - 1);
  }

  static Node at_token(NodeKind kind, const Token& t) {
    Node n;
    n.kind = kind;
    n.line = t.line;
    n.col = t.col;
    return n;
  }

  Node at_node(NodeKind kind, int32_t pos_of) const {
    Node n;
    n.kind = kind;
    n.line = ast_.at(pos_of).line;
    n.col = ast_.at(pos_of).col;
    return n;
  }

  int32_t call(const Token& t, std::string fn, std::vector<int32_t> args) {
    Node n = at_token(NodeKind::kCall, t);
    n.name = std::move(fn);
    n.children = std::move(args);
    return add(std::move(n));
  }

  int32_t ident(const Token& t, std::string name) {
    Node n = at_token(NodeKind::kIdent, t);
    n.name = std::move(name);
    return add(std::move(n));
  }

  int32_t literal(const Token& t, Value v) {
    Node n = at_token(NodeKind::kLiteral, t);
    n.literal = std::move(v);
    return add(std::move(n));
  }

  // ---- depth guard ----
  struct DepthGuard {
    explicit DepthGuard(Parser& p) : parser(p) { ++parser.depth_; }

    ~DepthGuard() { --parser.depth_; }

    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    Parser& parser;
  };

  bool too_deep() {
    if (depth_ > kMaxRecursionDepth) {
      if (!error_) {
        error_ =
            ParseError{"expression recursion limit exceeded: " + std::to_string(kMaxRecursionDepth),
                       peek().line, peek().col};
      }
      return true;
    }
    return false;
  }

  // ---- grammar ----
  int32_t expr() {
    const DepthGuard guard(*this);
    if (too_deep()) {
      return -1;
    }
    const int32_t cond = binary_level(0);
    if (cond < 0 || !is_punct("?")) {
      return cond;
    }
    const Token q = take();
    const int32_t a = binary_level(0);
    if (a < 0 || !expect(":")) {
      return -1;
    }
    const int32_t b = expr();
    if (b < 0) {
      return -1;
    }
    return call(q, "_?_:_", {cond, a, b});
  }

  /// Levels: 0 `||`, 1 `&&`, 2 relations, 3 `+ -`, 4 `* / %`.
  int32_t binary_level(int level) {
    if (level == 5) {
      return unary();
    }
    int32_t lhs = binary_level(level + 1);
    while (lhs >= 0) {
      const std::string op = binary_operator(level);
      if (op.empty()) {
        return lhs;
      }
      const Token t = take();
      const int32_t rhs = binary_level(level + 1);
      if (rhs < 0) {
        return -1;
      }
      lhs = call(t, op, {lhs, rhs});
    }
    return lhs;
  }

  std::string binary_operator(int level) const {
    const Token& t = peek();
    if (level == 2 && t.kind == TokenKind::kIn) {
      return "@in";
    }
    if (t.kind != TokenKind::kPunct) {
      return {};
    }
    const std::string& p = t.text;
    switch (level) {
      case 0:
        return p == "||" ? "_||_" : "";
      case 1:
        return p == "&&" ? "_&&_" : "";
      case 2:
        if (p == "==" || p == "!=" || p == "<" || p == "<=" || p == ">" || p == ">=") {
          return "_" + p + "_";
        }
        return {};
      case 3:
        return (p == "+" || p == "-") ? "_" + p + "_" : "";
      case 4:
        return (p == "*" || p == "/" || p == "%") ? "_" + p + "_" : "";
      default:
        return {};
    }
  }

  int32_t unary() {
    const DepthGuard guard(*this);
    if (too_deep()) {
      return -1;
    }
    if (is_punct("!")) {
      const Token t = take();
      const int32_t operand = unary();
      return operand < 0 ? -1 : call(t, "!_", {operand});
    }
    if (is_punct("-")) {
      const Token t = take();
      if (peek().kind == TokenKind::kInt || peek().kind == TokenKind::kDouble) {
        return negative_literal(t);
      }
      const int32_t operand = unary();
      return operand < 0 ? -1 : call(t, "-_", {operand});
    }
    return member();
  }

  /// `-` directly before a number literal folds into a negative constant (cel-go does the
  /// same), which is how -9223372036854775808 can be written.
  int32_t negative_literal(const Token& minus) {
    const Token t = take();
    Value v;
    if (t.kind == TokenKind::kDouble) {
      v = Value::from_double(-t.literal.as_double());
    } else {
      const uint64_t mag = t.literal.as_uint();
      if (mag > uint64_t{1} << 63) {
        return fail(t, "invalid int literal");
      }
      v = Value::from_int(mag == uint64_t{1} << 63 ? std::numeric_limits<int64_t>::min()
                                                   : -static_cast<int64_t>(mag));
    }
    const int32_t lit = literal(minus, v);
    return member_suffixes(lit);
  }

  int32_t member() {
    const int32_t base = primary();
    return base < 0 ? -1 : member_suffixes(base);
  }

  int32_t member_suffixes(int32_t base) {
    int32_t cur = base;
    while (cur >= 0) {
      if (is_punct(".") || is_punct(".?")) {
        const Token dot = take();
        const bool opt = dot.text == ".?";
        if (peek().kind != TokenKind::kIdent) {
          return fail(peek(), "no viable alternative at input '" + dot.text + peek().text + "'");
        }
        const Token name = take();
        if (!opt && is_punct("(")) {
          take();
          std::vector<int32_t> args;
          if (!arguments(")", args)) {
            return -1;
          }
          cur = receiver_call(name, cur, std::move(args));
          continue;
        }
        Node n = at_token(NodeKind::kSelect, dot);
        n.name = name.text;
        n.optional = opt;
        n.children = {cur};
        cur = add(std::move(n));
        continue;
      }
      if (is_punct("[") || is_punct("[?")) {
        const Token open = take();
        const int32_t index = expr();
        if (index < 0 || !expect("]")) {
          return -1;
        }
        cur = call(open, open.text == "[?" ? "_[?_]" : "_[_]", {cur, index});
        continue;
      }
      return cur;
    }
    return cur;
  }

  /// Parses `a, b, c` up to `close`. Returns false on error.
  bool arguments(std::string_view close, std::vector<int32_t>& out) {
    if (accept(close)) {
      return true;
    }
    while (true) {
      const int32_t e = expr();
      if (e < 0) {
        return false;
      }
      out.push_back(e);
      if (accept(close)) {
        return true;
      }
      if (!expect(",")) {
        return false;
      }
      if (accept(close)) {  // trailing comma
        return true;
      }
    }
  }

  int32_t primary() {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::kInt: {
        const Token tok = take();
        if (tok.literal.as_uint() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
          return fail(tok, "invalid int literal");
        }
        return literal(tok, Value::from_int(static_cast<int64_t>(tok.literal.as_uint())));
      }
      case TokenKind::kUint:
      case TokenKind::kDouble:
      case TokenKind::kString:
      case TokenKind::kBytes: {
        const Token tok = take();
        return literal(tok, tok.literal);
      }
      case TokenKind::kTrue:
      case TokenKind::kFalse: {
        const Token tok = take();
        return literal(tok, Value::from_bool(tok.kind == TokenKind::kTrue));
      }
      case TokenKind::kNull:
        return literal(take(), Value::null());
      case TokenKind::kIdent:
        return identifier_or_call();
      case TokenKind::kPunct:
        return punct_primary();
      case TokenKind::kError:
        return fail(t, t.text);
      case TokenKind::kEnd:
      case TokenKind::kIn:
        break;
    }
    return fail(t, "mismatched input " + describe(t) + " expecting an expression");
  }

  int32_t punct_primary() {
    const Token t = take();
    if (t.text == "(") {
      const int32_t e = expr();
      return (e < 0 || !expect(")")) ? -1 : e;
    }
    if (t.text == "[") {
      std::vector<int32_t> items;
      if (!arguments("]", items)) {
        return -1;
      }
      Node n = at_token(NodeKind::kList, t);
      n.children = std::move(items);
      return add(std::move(n));
    }
    if (t.text == "{") {
      return map_literal(t);
    }
    if (t.text == ".") {  // leading-dot qualified identifier: `.device`
      if (peek().kind != TokenKind::kIdent) {
        return fail(peek(), "no viable alternative at input '." + peek().text + "'");
      }
      return identifier_or_call();
    }
    return fail(t, "mismatched input " + describe(t) + " expecting an expression");
  }

  int32_t map_literal(const Token& open) {
    Node n = at_token(NodeKind::kMap, open);
    if (!accept("}")) {
      while (true) {
        const int32_t k = expr();
        if (k < 0 || !expect(":")) {
          return -1;
        }
        const int32_t v = expr();
        if (v < 0) {
          return -1;
        }
        n.children.push_back(k);
        n.children.push_back(v);
        if (accept("}")) {
          break;
        }
        if (!expect(",")) {
          return -1;
        }
        if (accept("}")) {
          break;
        }
      }
    }
    return add(std::move(n));
  }

  int32_t identifier_or_call() {
    const Token name = take();
    if (!is_punct("(")) {
      return ident(name, name.text);
    }
    take();
    std::vector<int32_t> args;
    if (!arguments(")", args)) {
      return -1;
    }
    if (name.text == "has") {
      if (args.size() != 1 || ast_.at(args[0]).kind != NodeKind::kSelect
          || ast_.at(args[0]).test_only || ast_.at(args[0]).optional) {
        return fail(name, "invalid argument to has() macro");
      }
      ast_.at(args[0]).test_only = true;
      return args[0];
    }
    return call(name, name.text, std::move(args));
  }

  // ---- macros ----
  int32_t receiver_call(const Token& name, int32_t target, std::vector<int32_t> args) {
    const std::string& fn = name.text;
    const Node& tgt = ast_.at(target);
    if (fn == "bind" && args.size() == 3 && tgt.kind == NodeKind::kIdent && tgt.name == "cel") {
      return expand_bind(name, args);
    }
    const bool one_var = args.size() == 2;
    const bool two_var = args.size() == 3;
    if ((fn == "all" || fn == "exists" || fn == "exists_one" || fn == "filter" || fn == "map")
        && (one_var || (two_var && (fn == "all" || fn == "exists" || fn == "map")))) {
      return expand_comprehension(name, target, std::move(args));
    }
    Node n = at_token(NodeKind::kCall, name);
    n.name = fn;
    n.has_target = true;
    n.children.push_back(target);
    n.children.insert(n.children.end(), args.begin(), args.end());
    return add(std::move(n));
  }

  bool simple_name(int32_t node, std::string& out) {
    const Node& n = ast_.at(node);
    if (n.kind != NodeKind::kIdent) {
      fail(peek(), "argument must be a simple name");
      error_->line = n.line;
      error_->col = n.col;
      return false;
    }
    out = n.name;
    return true;
  }

  int32_t comprehension(const Token& at, std::string iter, std::string iter2, int32_t range,
                        std::string accu, int32_t init, int32_t cond, int32_t step,
                        int32_t result) {
    Node n = at_token(NodeKind::kComprehension, at);
    n.name = std::move(iter);
    n.iter_name2 = std::move(iter2);
    n.accu_name = std::move(accu);
    n.children = {range, init, cond, step, result};
    return add(std::move(n));
  }

  int32_t expand_bind(const Token& at, const std::vector<int32_t>& args) {
    std::string var;
    if (!simple_name(args[0], var)) {
      return -1;
    }
    Node empty = at_token(NodeKind::kList, at);
    const int32_t range = add(std::move(empty));
    const int32_t cond = literal(at, Value::from_bool(false));
    const int32_t step = ident(at, var);
    return comprehension(at, "#unused", "", range, var, args[1], cond, step, args[2]);
  }

  int32_t expand_comprehension(const Token& at, int32_t target, std::vector<int32_t> args) {
    const std::string& fn = at.text;
    std::string v1;
    std::string v2;
    if (!simple_name(args[0], v1)) {
      return -1;
    }
    const bool two = args.size() == 3 && fn != "map";
    if (two && !simple_name(args[1], v2)) {
      return -1;
    }
    const int32_t body = args.back();
    const auto accu = [&] {
      return ident(at, kAccumulatorName);
    };
    int32_t init = -1;
    int32_t cond = -1;
    int32_t step = -1;
    int32_t result = -1;
    if (fn == "all") {
      init = literal(at, Value::from_bool(true));
      cond = call(at, "@not_strictly_false", {accu()});
      step = call(at, "_&&_", {accu(), body});
      result = accu();
    } else if (fn == "exists") {
      init = literal(at, Value::from_bool(false));
      cond = call(at, "@not_strictly_false", {call(at, "!_", {accu()})});
      step = call(at, "_||_", {accu(), body});
      result = accu();
    } else if (fn == "exists_one") {
      init = literal(at, Value::from_int(0));
      cond = literal(at, Value::from_bool(true));
      step = call(at, "_?_:_",
                  {body, call(at, "_+_", {accu(), literal(at, Value::from_int(1))}), accu()});
      result = call(at, "_==_", {accu(), literal(at, Value::from_int(1))});
    } else {  // map, filter
      Node empty = at_token(NodeKind::kList, at);
      init = add(std::move(empty));
      cond = literal(at, Value::from_bool(true));
      Node one = at_token(NodeKind::kList, at);
      one.children = {fn == "filter" ? ident(at, v1) : body};
      const int32_t appended = call(at, "_+_", {accu(), add(std::move(one))});
      const int32_t filter_cond = fn == "filter" ? body : (args.size() == 3 ? args[1] : -1);
      step = filter_cond < 0 ? appended : call(at, "_?_:_", {filter_cond, appended, accu()});
      result = accu();
    }
    return comprehension(at, v1, v2, target, kAccumulatorName, init, cond, step, result);
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  Ast ast_;
  std::optional<ParseError> error_;
};

}  // namespace

std::variant<Ast, ParseError> parse(std::string_view source) {
  if (const uint64_t n = utf8_length(source); n > kMaxCodePoints) {
    return ParseError{"expression code point size exceeds limit: size: " + std::to_string(n)
                          + ", limit " + std::to_string(kMaxCodePoints),
                      1, 1};
  }
  return Parser(tokenize(source)).run();
}

}  // namespace drasim::model::cel
