#include "reports/json_writer.h"

#include <fmt/format.h>

namespace drasim::reports {

std::string JsonWriter::quote(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(stack_.size() * 2, ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) {
    return;
  }
  if (!stack_.back().empty) {
    out_ += ',';
  }
  stack_.back().empty = false;
  newline();
}

void JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  stack_.push_back({true, true});
}

void JsonWriter::end_object() {
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) {
    newline();
  }
  out_ += '}';
  if (stack_.empty()) {
    out_ += '\n';
  }
}

void JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  stack_.push_back({false, true});
}

void JsonWriter::end_array() {
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) {
    newline();
  }
  out_ += ']';
}

void JsonWriter::key(std::string_view name) {
  before_value();
  out_ += quote(name);
  out_ += ": ";
  after_key_ = true;
}

void JsonWriter::value(std::string_view s) {
  before_value();
  out_ += quote(s);
}

void JsonWriter::value(int64_t n) {
  before_value();
  out_ += fmt::format("{}", n);
}

void JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
}

void JsonWriter::value_or_null(std::string_view s) {
  if (s.empty()) {
    null();
  } else {
    value(s);
  }
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
}

void JsonWriter::raw_number(std::string_view text) {
  before_value();
  out_ += text;
}

namespace {

template <class List>
void write_row(std::string& out, const List& values) {
  out += '[';
  const char* separator = "";
  for (const auto& v : values) {
    out += separator;
    out += v;
    separator = ", ";
  }
  out += ']';
}

}  // namespace

void JsonWriter::number_row(std::initializer_list<std::string_view> numbers) {
  before_value();
  write_row(out_, numbers);
}

void JsonWriter::strings(const std::vector<std::string>& values) {
  begin_array();
  for (const std::string& v : values) {
    value(v);
  }
  end_array();
}

void JsonWriter::literal_row(const std::vector<std::string>& values) {
  before_value();
  write_row(out_, values);
}

bool is_json_literal(std::string_view s) {
  if (s == "true" || s == "false" || s == "null") {
    return true;
  }
  size_t i = 0;
  const auto digits = [&] {
    const size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      ++i;
    }
    return i > start;
  };
  if (i < s.size() && s[i] == '-') {
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) {
      return false;
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      ++i;
    }
    if (!digits()) {
      return false;
    }
  }
  return i == s.size();
}

}  // namespace drasim::reports
