// Identity of the drasim binary (inode, mtime, size), and waiting until it is stable.
#include "tests/stress/drasim_binary.h"

#include <sys/stat.h>

#include <chrono>
#include <thread>

namespace drasim::stress {

std::optional<BinaryId> binary_id(const std::string& path) {
  struct stat st {};

  if (stat(path.c_str(), &st) != 0 || (st.st_mode & S_IXUSR) == 0) {
    return std::nullopt;
  }
  return BinaryId{st.st_ino, int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec,
                  st.st_size};
}

std::optional<BinaryId> stable_binary(const std::string& path) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (std::chrono::steady_clock::now() < deadline) {
    if (const std::optional<BinaryId> id = binary_id(path)) {
      const auto now = std::chrono::system_clock::now().time_since_epoch();
      const int64_t now_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
      if (now_ns - id->mtime_ns > 2'000'000'000) {
        return id;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return std::nullopt;
}

}  // namespace drasim::stress
