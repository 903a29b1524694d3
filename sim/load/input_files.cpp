#include "sim/load/input_files.h"

#include "sim/load/quote.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) {
    return "a directory";
  }
  if (S_ISFIFO(mode)) {
    return "a FIFO";
  }
  if (S_ISSOCK(mode)) {
    return "a socket";
  }
  if (S_ISCHR(mode) || S_ISBLK(mode)) {
    return "a device";
  }
  return "not a regular file";
}

bool inside(const fs::path& root, const fs::path& path) {
  const auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return r == root.end();
}

/// A file descriptor closed when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}

  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;

  ~Fd() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }

  [[nodiscard]] int get() const { return fd_; }

 private:
  int fd_;
};

constexpr const char* kRegular =
    "a regular file (devices, FIFOs, sockets, /proc and /sys are refused)";

}  // namespace

std::string format_bytes(uint64_t bytes) {
  if (bytes % (1ULL << 30) == 0 && bytes > 0) {
    return fmt::format("{} GiB", bytes >> 30);
  }
  if (bytes % (1ULL << 20) == 0 && bytes > 0) {
    return fmt::format("{} MiB", bytes >> 20);
  }
  return fmt::format("{} bytes", bytes);
}

InputFiles::InputFiles(const std::vector<std::string>& arguments, InputPolicy policy)
    : on_disk_(true), limits_(policy.limits) {
  const auto add_root = [&](const fs::path& dir) {
    std::error_code ec;
    const fs::path root = fs::canonical(dir, ec);
    if (!ec && fs::is_directory(root, ec)) {
      roots_.push_back(root.string());
    }
  };
  for (const std::string& a : arguments) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      add_root(a);
    } else {
      add_root(fs::absolute(a, ec).parent_path());
    }
  }
  for (const std::string& a : policy.allow_paths) {
    add_root(a);
  }
}

FileRead InputFiles::read_argument(const std::string& path) {
  return read_regular(path, path);
}

FileRead InputFiles::read_reference(const std::string& referrer, const std::string& reference) {
  if (!on_disk_) {
    return FileProblem{"a file reference in a scenario read from disk",
                       fmt::format("{} in an in-memory text", quote(reference))};
  }
  const fs::path shown = (fs::path(referrer).parent_path() / reference).lexically_normal();
  const FileRead r = read_found(shown.string());
  if (const auto* problem = std::get_if<FileProblem>(&r)) {
    return FileProblem{problem->expected, fmt::format("{} ({})", quote(reference), problem->found)};
  }
  return r;
}

FileRead InputFiles::read_found(const std::string& path) {
  std::error_code ec;
  const fs::path lexical = fs::absolute(path, ec).lexically_normal();
  const auto in_roots = [&](const fs::path& p) {
    return std::any_of(roots_.begin(), roots_.end(),
                       [&](const std::string& root) { return inside(root, p); });
  };
  constexpr const char* kInside = "a file inside the input roots (see --allow-path)";
  if (ec || !in_roots(lexical)) {
    return FileProblem{kInside, "a path outside them"};
  }
  const fs::path real = fs::canonical(lexical, ec);
  if (ec) {
    return FileProblem{"a file that exists", "nothing there"};
  }
  if (!in_roots(real)) {
    return FileProblem{kInside, "a symlink that leads outside them"};
  }
  return read_regular(real.string(), path);
}

std::optional<FileProblem> InputFiles::over_caps(uint64_t size) const {
  if (size > limits_.file_bytes) {
    return FileProblem{fmt::format("a file of at most {} (raise with --max-input-bytes)",
                                   format_bytes(limits_.file_bytes)),
                       fmt::format("{} bytes", size)};
  }
  if (total_ + size > limits_.total_bytes) {
    return FileProblem{fmt::format("inputs of at most {} in all (raise with --max-input-total)",
                                   format_bytes(limits_.total_bytes)),
                       fmt::format("{} bytes with this file", total_ + size)};
  }
  return std::nullopt;
}

uint64_t InputFiles::inflate_room() const {
  const uint64_t left = limits_.total_bytes > total_ ? limits_.total_bytes - total_ : 0;
  return std::min(limits_.file_bytes, left);
}

const char* InputFiles::inflate_advice() const {
  return limits_.file_bytes <= inflate_room() ? "raise with --max-input-bytes"
                                              : "raise with --max-input-total";
}

FileRead InputFiles::read_regular(const std::string& name, const std::string& shown) {
  struct stat st {};

  if (::stat(name.c_str(), &st) != 0) {
    return FileProblem{"a file that exists", "nothing there"};
  }
  if (!S_ISREG(st.st_mode)) {
    return FileProblem{kRegular, kind_of(st.st_mode)};
  }

  struct statfs fs_info {};

  if (::statfs(name.c_str(), &fs_info) == 0
      && (fs_info.f_type == PROC_SUPER_MAGIC || fs_info.f_type == SYSFS_MAGIC)) {
    return FileProblem{kRegular, "a file of /proc or /sys"};
  }
  if (auto problem = over_caps(static_cast<uint64_t>(st.st_size))) {
    return *problem;
  }
  // O_NONBLOCK: if the file was swapped for a FIFO since the stat, opening does not wait.
  const Fd fd(::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));

  struct stat opened {};

  if (fd.get() < 0 || ::fstat(fd.get(), &opened) != 0) {
    return FileProblem{"a readable file", "a file drasim may not open"};
  }
  if (!S_ISREG(opened.st_mode) || opened.st_ino != st.st_ino || opened.st_dev != st.st_dev) {
    return FileProblem{kRegular, "a file that changed while it was opened"};
  }
  FileText out{shown, {}};
  // The whole file at once, with room after it for the JSON reader's padding (simdjson reads up
  // to 64 bytes past the end), so it is neither grown nor copied again.
  if (opened.st_size > 0 && !over_caps(static_cast<uint64_t>(opened.st_size))) {
    out.text.reserve(static_cast<size_t>(opened.st_size) + kReaderPadding);
  }
  std::string chunk(1 << 16, '\0');
  while (true) {
    const ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
    if (n < 0) {
      return FileProblem{"a readable file", "a read error"};
    }
    if (n == 0) {
      break;
    }
    out.text.append(chunk.data(), static_cast<size_t>(n));
    if (auto problem = over_caps(out.text.size())) {
      return *problem;  // it grew while it was read
    }
  }
  total_ += out.text.size();
  return out;
}

}  // namespace drasim::sim
