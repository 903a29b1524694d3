// String functions: the core `startsWith endsWith contains matches` and cel-go ext/strings.go
// (version 2 plus `reverse`): charAt indexOf lastIndexOf lowerAscii upperAscii replace split
// substring trim join strings.quote format. Indices count Unicode code points, as in cel-go.

#include "model/cel/function_impls.h"
#include "model/cel/functions.h"
#include "model/cel/utf8.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cmath>

namespace drasim::model::cel {

namespace {

using CodePoints = std::u32string;

Value range_error(int64_t i) {
  return Value::error("index out of range: " + std::to_string(i));
}

Value index_of(Args a, bool last) {
  const CodePoints s = decode_utf8(a[0].as_string());
  const CodePoints sub = decode_utf8(a[1].as_string());
  const auto n = static_cast<int64_t>(s.size());
  int64_t start = last ? n : 0;
  if (a.size() == 3) {
    start = a[2].as_int();
    if (start < 0 || start > n) {
      return range_error(start);
    }
  }
  const auto ustart = static_cast<std::size_t>(start);
  if (!last) {
    const auto pos = s.find(sub, ustart);
    return Value::from_int(pos == CodePoints::npos ? -1 : static_cast<int64_t>(pos));
  }
  const auto pos = s.rfind(sub, ustart);
  return Value::from_int(pos == CodePoints::npos ? -1 : static_cast<int64_t>(pos));
}

Value replace(Args a) {
  const std::string& s = a[0].as_string();
  const std::string& from = a[1].as_string();
  const std::string& to = a[2].as_string();
  int64_t limit = a.size() == 4 ? a[3].as_int() : -1;
  std::string out;
  if (from.empty()) {
    const CodePoints cps = decode_utf8(s);
    for (std::size_t i = 0; i <= cps.size(); ++i) {
      if (limit != 0) {
        out += to;
        --limit;
      }
      if (i < cps.size()) {
        out += encode_utf8(CodePoints(1, cps[i]));
      }
    }
    return Value::from_string(std::move(out));
  }
  std::size_t pos = 0;
  while (limit != 0) {
    const std::size_t hit = s.find(from, pos);
    if (hit == std::string::npos) {
      break;
    }
    out.append(s, pos, hit - pos);
    out += to;
    pos = hit + from.size();
    --limit;
  }
  out.append(s, pos, std::string::npos);
  return Value::from_string(std::move(out));
}

Value split(Args a) {
  const std::string& s = a[0].as_string();
  const std::string& sep = a[1].as_string();
  const int64_t limit = a.size() == 3 ? a[2].as_int() : -1;
  std::vector<Value> out;
  if (limit == 0) {
    return Value::from_list({});
  }
  if (sep.empty()) {
    const CodePoints cps = decode_utf8(s);
    for (std::size_t i = 0; i < cps.size(); ++i) {
      if (limit > 0 && static_cast<int64_t>(out.size()) == limit - 1) {
        out.push_back(Value::from_string(encode_utf8(cps.substr(i))));
        break;
      }
      out.push_back(Value::from_string(encode_utf8(CodePoints(1, cps[i]))));
    }
    return Value::from_list(std::move(out));
  }
  std::size_t pos = 0;
  while (true) {
    const std::size_t hit = s.find(sep, pos);
    if (hit == std::string::npos || (limit > 0 && static_cast<int64_t>(out.size()) == limit - 1)) {
      out.push_back(Value::from_string(s.substr(pos)));
      break;
    }
    out.push_back(Value::from_string(s.substr(pos, hit - pos)));
    pos = hit + sep.size();
  }
  return Value::from_list(std::move(out));
}

Value substring(Args a) {
  const CodePoints s = decode_utf8(a[0].as_string());
  const auto n = static_cast<int64_t>(s.size());
  const int64_t start = a[1].as_int();
  const int64_t end = a.size() == 3 ? a[2].as_int() : n;
  if (start < 0 || start > n) {
    return range_error(start);
  }
  if (end < 0 || end > n) {
    return range_error(end);
  }
  if (start > end) {
    return Value::error("invalid substring range. start: " + std::to_string(start)
                        + ", end: " + std::to_string(end));
  }
  return Value::from_string(encode_utf8(
      s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start))));
}

Value trim(const std::string& s) {
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  };
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && space(s[b])) {
    ++b;
  }
  while (e > b && space(s[e - 1])) {
    --e;
  }
  return Value::from_string(s.substr(b, e - b));
}

Value join(Args a) {
  std::string out;
  const std::string sep = a.size() == 2 ? a[1].as_string() : "";
  bool first = true;
  for (const Value& v : a[0].as_list()) {
    if (v.kind() != ValueKind::kString) {
      return Value::error("join: list must contain strings");
    }
    out += (first ? "" : sep) + v.as_string();
    first = false;
  }
  return Value::from_string(std::move(out));
}

Value quote(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '\a':
        out += "\\a";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\v':
        out += "\\v";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      default:
        out += c;
    }
  }
  return Value::from_string(out + "\"");
}

/// One `%...` directive of format(): %s %d %f %e %x %X %o %b with an optional `.N` precision.
std::optional<std::string> format_one(char verb, int precision, const Value& v,
                                      std::string& error) {
  switch (verb) {
    case 's': {
      if (v.kind() == ValueKind::kString) {
        return v.as_string();
      }
      if (v.kind() == ValueKind::kList || v.kind() == ValueKind::kMap) {
        return v.debug_string();
      }
      if (v.kind() == ValueKind::kNull) {
        return std::string("null");
      }
      const Value s = call_function(FunctionId::kToString, std::array{v}, nullptr);
      if (s.is_error()) {
        return v.debug_string();
      }
      return s.as_string();
    }
    case 'd':
      if (v.kind() == ValueKind::kInt) {
        return std::to_string(v.as_int());
      }
      if (v.kind() == ValueKind::kUint) {
        return std::to_string(v.as_uint());
      }
      break;
    case 'f':
    case 'e': {
      double d = 0;
      if (v.kind() == ValueKind::kDouble) {
        d = v.as_double();
      } else if (v.kind() == ValueKind::kInt) {
        d = static_cast<double>(v.as_int());
      } else if (v.kind() == ValueKind::kUint) {
        d = static_cast<double>(v.as_uint());
      } else {
        break;
      }
      const int p = precision < 0 ? 6 : std::min(precision, 100);
      return verb == 'f' ? fmt::format("{:.{}f}", d, p) : fmt::format("{:.{}e}", d, p);
    }
    case 'x':
    case 'X':
    case 'o':
    case 'b': {
      if (v.kind() != ValueKind::kInt && v.kind() != ValueKind::kUint) {
        if (v.kind() == ValueKind::kString && (verb == 'x' || verb == 'X')) {
          std::string out;
          for (const char c : v.as_string()) {
            const auto byte = static_cast<unsigned char>(c);
            out += verb == 'x' ? fmt::format("{:02x}", byte) : fmt::format("{:02X}", byte);
          }
          return out;
        }
        break;
      }
      const bool neg = v.kind() == ValueKind::kInt && v.as_int() < 0;
      const uint64_t mag = v.kind() == ValueKind::kUint ? v.as_uint()
                           : neg                        ? 0 - static_cast<uint64_t>(v.as_int())
                                                        : static_cast<uint64_t>(v.as_int());
      const std::string digits = verb == 'x'   ? fmt::format("{:x}", mag)
                                 : verb == 'X' ? fmt::format("{:X}", mag)
                                 : verb == 'o' ? fmt::format("{:o}", mag)
                                               : fmt::format("{:b}", mag);
      return (neg ? "-" : "") + digits;
    }
    default:
      error = std::string("could not parse formatting clause: unrecognized formatting clause \"")
              + verb + "\"";
      return std::nullopt;
  }
  error =
      std::string("error during formatting: invalid argument for %") + verb + ": " + v.type_name();
  return std::nullopt;
}

Value format(Args a) {
  const std::string& f = a[0].as_string();
  const auto& args = a[1].as_list();
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    if (++i >= f.size()) {
      return Value::error("could not parse formatting clause: unexpected end of string");
    }
    if (f[i] == '%') {
      out += '%';
      continue;
    }
    int precision = -1;
    if (f[i] == '.') {
      precision = 0;
      while (++i < f.size() && f[i] >= '0' && f[i] <= '9') {
        precision = std::min(precision * 10 + (f[i] - '0'), 1000);
      }
      if (i >= f.size()) {
        return Value::error("could not parse formatting clause: unexpected end of string");
      }
    }
    if (next >= args.size()) {
      return Value::error("index " + std::to_string(next) + " out of range");
    }
    std::string error;
    const auto piece = format_one(f[i], precision, args[next++], error);
    if (!piece) {
      return Value::error(error);
    }
    out += *piece;
  }
  return Value::from_string(std::move(out));
}

Value matches(Args a, const re2::RE2* constant_regex) {
  if (constant_regex != nullptr) {
    return Value::from_bool(re2::RE2::PartialMatch(a[0].as_string(), *constant_regex));
  }
  const re2::RE2 re(a[1].as_string(), re2::RE2::Quiet);
  if (!re.ok()) {
    return Value::error("error parsing regexp: " + re.error());
  }
  return Value::from_bool(re2::RE2::PartialMatch(a[0].as_string(), re));
}

bool strings(Args a, std::size_t n) {
  if (a.size() < n) {
    return false;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i].kind() != ValueKind::kString) {
      return false;
    }
  }
  for (std::size_t i = n; i < a.size(); ++i) {
    if (a[i].kind() != ValueKind::kInt) {
      return false;
    }
  }
  return true;
}

}  // namespace

Value call_string_function(FunctionId id, Args a, const re2::RE2* constant_regex) {
  switch (id) {
    case FunctionId::kStartsWith:
      if (strings(a, 2) && a.size() == 2) {
        return Value::from_bool(a[0].as_string().starts_with(a[1].as_string()));
      }
      break;
    case FunctionId::kEndsWith:
      if (strings(a, 2) && a.size() == 2) {
        return Value::from_bool(a[0].as_string().ends_with(a[1].as_string()));
      }
      break;
    case FunctionId::kContains:
      if (strings(a, 2) && a.size() == 2) {
        return Value::from_bool(a[0].as_string().find(a[1].as_string()) != std::string::npos);
      }
      break;
    case FunctionId::kMatches:
      if (strings(a, 2) && a.size() == 2) {
        return matches(a, constant_regex);
      }
      break;
    case FunctionId::kCharAt:
      if (strings(a, 1) && a.size() == 2) {
        const CodePoints s = decode_utf8(a[0].as_string());
        const int64_t i = a[1].as_int();
        if (i < 0 || i > static_cast<int64_t>(s.size())) {
          return range_error(i);
        }
        return Value::from_string(i == static_cast<int64_t>(s.size())
                                      ? ""
                                      : encode_utf8(CodePoints(1, s[static_cast<std::size_t>(i)])));
      }
      break;
    case FunctionId::kIndexOf:
    case FunctionId::kLastIndexOf:
      if (strings(a, 2) && a.size() <= 3) {
        return index_of(a, id == FunctionId::kLastIndexOf);
      }
      if (!a.empty() && a[0].kind() == ValueKind::kList) {
        return call_collection_function(id, a);
      }
      break;
    case FunctionId::kLowerAscii:
    case FunctionId::kUpperAscii:
      if (strings(a, 1) && a.size() == 1) {
        std::string s = a[0].as_string();
        for (char& c : s) {
          if (id == FunctionId::kLowerAscii && c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
          } else if (id == FunctionId::kUpperAscii && c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
          }
        }
        return Value::from_string(std::move(s));
      }
      break;
    case FunctionId::kReplace:
      if (strings(a, 3) && a.size() <= 4) {
        return replace(a);
      }
      break;
    case FunctionId::kSplit:
      if (strings(a, 2) && a.size() <= 3) {
        return split(a);
      }
      break;
    case FunctionId::kSubstring:
      if (strings(a, 1) && a.size() >= 2 && a.size() <= 3) {
        return substring(a);
      }
      break;
    case FunctionId::kTrim:
      if (strings(a, 1) && a.size() == 1) {
        return trim(a[0].as_string());
      }
      break;
    case FunctionId::kJoin:
      if (!a.empty() && a[0].kind() == ValueKind::kList
          && (a.size() == 1 || a[1].kind() == ValueKind::kString)) {
        return join(a);
      }
      break;
    case FunctionId::kQuote:
      if (strings(a, 1) && a.size() == 1) {
        return quote(a[0].as_string());
      }
      break;
    case FunctionId::kFormat:
      if (a.size() == 2 && a[0].kind() == ValueKind::kString && a[1].kind() == ValueKind::kList) {
        return format(a);
      }
      break;
    case FunctionId::kReverse:
      if (strings(a, 1) && a.size() == 1) {
        CodePoints s = decode_utf8(a[0].as_string());
        std::reverse(s.begin(), s.end());
        return Value::from_string(encode_utf8(s));
      }
      if (a.size() == 1 && a[0].kind() == ValueKind::kList) {
        return call_collection_function(id, a);
      }
      break;
    default:
      break;
  }
  return no_such_overload(id, a);
}

}  // namespace drasim::model::cel
