#pragma once
/// A small streaming JSON writer with fixed formatting: two-space indentation, keys in the order
/// written, integers as integers, times through sim::format_seconds. Byte-stable by design.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::reports {

/// Whether `s` is, as it stands, a JSON number, `true`, `false` or `null`.
[[nodiscard]] bool is_json_literal(std::string_view s);

class JsonWriter {
 public:
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();

  /// Writes `"name": ` inside an object; the next call writes the value.
  void key(std::string_view name);

  void value(std::string_view s);

  void value(const char* s) { value(std::string_view(s)); }

  void value(int64_t n);
  void value(bool b);
  void null();
  /// `s`, or null when it is empty (a field the report leaves unset).
  void value_or_null(std::string_view s);
  /// A number already formatted (e.g. by sim::format_seconds), written as is.
  void raw_number(std::string_view text);
  /// A short array of numbers already formatted, on one line: `[1.5, 2, 0]`.
  void number_row(std::initializer_list<std::string_view> numbers);
  /// An array of strings, one per line.
  void strings(const std::vector<std::string>& values);
  /// A row of values already written as JSON (numbers, literals, `quote`d strings), on one line.
  void literal_row(const std::vector<std::string>& values);

  [[nodiscard]] const std::string& str() const { return out_; }

  /// `s` as a JSON string literal (quotes and escapes included).
  static std::string quote(std::string_view s);

 private:
  void before_value();
  void newline();

  std::string out_;

  struct Level {
    bool is_object;
    bool empty;
  };

  std::vector<Level> stack_;
  bool after_key_ = false;
};

}  // namespace drasim::reports
