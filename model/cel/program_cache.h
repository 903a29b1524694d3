#pragma once
/// Compiled programs keyed by (environment, expression text), so each distinct expression is
/// parsed and checked once however many devices it is evaluated against (the scheduler keeps a
/// similar cache: dynamic-resource-allocation/cel/cache.go). Compile errors are cached too.
/// Not thread-safe; the owner decides its lifetime.

#include "model/cel/cel.h"

#include <map>
#include <string>
#include <utility>

namespace drasim::model::cel {

class ProgramCache {
 public:
  using Entry = std::variant<std::shared_ptr<const Program>, CompileError>;

  /// The cached compilation of `expression` in `env`, compiling it on first use.
  const Entry& get(std::string_view expression, const Environment& env);

  [[nodiscard]] std::size_t size() const { return entries_.size(); }

  void clear() { entries_.clear(); }

 private:
  std::map<std::pair<std::string, std::string>, Entry, std::less<>> entries_;
};

}  // namespace drasim::model::cel
