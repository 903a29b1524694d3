#include "cli/keep_until_exit.h"

namespace drasim::cli {
namespace {

bool g_keep = false;

}  // namespace

void set_keep_until_exit(bool on) {
  g_keep = on;
}

bool keeping_until_exit() {
  return g_keep;
}

std::vector<std::shared_ptr<void>>& kept_objects() {
  // Allocated once and never freed, so the objects in it are not destroyed at exit.
  static auto* objects = new std::vector<std::shared_ptr<void>>();
  return *objects;
}

}  // namespace drasim::cli
