#include "model/cel/program_cache.h"

namespace drasim::model::cel {

const ProgramCache::Entry& ProgramCache::get(std::string_view expression, const Environment& env) {
  auto key = std::make_pair(env.cache_key(), std::string(expression));
  const auto it = entries_.find(key);
  if (it != entries_.end()) {
    return it->second;
  }
  return entries_.emplace(std::move(key), compile(expression, env)).first->second;
}

}  // namespace drasim::model::cel
