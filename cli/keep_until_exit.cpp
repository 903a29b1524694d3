#include "cli/keep_until_exit.h"

#include <vector>

namespace drasim::cli {
namespace {

bool g_keep = false;

}  // namespace

void set_keep_until_exit(bool on) {
  g_keep = on;
}

void keep_until_exit(std::shared_ptr<void> object) {
  // Allocated once and never freed, so the objects in it are not destroyed at exit.
  static auto* kept = new std::vector<std::shared_ptr<void>>();
  if (g_keep) {
    kept->push_back(std::move(object));
  }
}

}  // namespace drasim::cli
