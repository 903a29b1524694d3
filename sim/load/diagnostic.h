#pragma once
/// Input diagnostics and the InputError exception that carries all of a run's errors at once.

#include "sim/load/doc_node.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace drasim::sim {

/// The path a message gives for a problem of a whole document, or of a whole file.
inline constexpr const char* kDocumentPath = "<document>";
inline constexpr const char* kFilePath = "<file>";

/// One problem in the input: `file:line:col: error: <path>: <expected>, got <found>`.
struct Diagnostic {
  std::string file;
  Mark mark;
  std::string path;      ///< YAML path such as `spec.containers[0].resources.requests.cpu`
  std::string expected;  ///< what was expected, lower case, no final period
  std::string found;     ///< what was found (`"abc"`, `a mapping`, `nothing`)

  /// The message in the contract's format, with every part escaped (quote.h). Without a
  /// mark it is placed at 1:1; without a path it names kDocumentPath (with a mark) or kFilePath;
  /// an empty `found` omits `, got ...`.
  [[nodiscard]] std::string to_string() const;
};

/// Thrown once, after validation, with every diagnostic found. Only cli/ catches it (exit 2).
class InputError : public std::runtime_error {
 public:
  explicit InputError(std::vector<Diagnostic> diagnostics);

  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

/// Collects errors and warnings while loading; warnings never stop a run.
class Diagnostics {
 public:
  void error(Diagnostic d) { errors_.push_back(std::move(d)); }

  void warning(std::string text) { warnings_.push_back(std::move(text)); }

  [[nodiscard]] bool has_errors() const { return !errors_.empty(); }

  [[nodiscard]] const std::vector<Diagnostic>& errors() const { return errors_; }

  [[nodiscard]] const std::vector<std::string>& warnings() const { return warnings_; }

  /// Throws InputError with the errors sorted by file, line, column (stable) if there are any.
  void throw_if_errors() const;

 private:
  std::vector<Diagnostic> errors_;
  std::vector<std::string> warnings_;
};

}  // namespace drasim::sim
