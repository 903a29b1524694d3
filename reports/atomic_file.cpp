#include "reports/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace drasim::reports {
namespace {

std::string reason() {
  return std::strerror(errno);
}

/// Writes `text` to a new file `tmp`; an error message, or empty.
std::string write_new(const std::string& tmp, const std::string& text) {
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    return "cannot create " + tmp + ": " + reason();
  }
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      const std::string why = n < 0 ? reason() : "nothing written";
      ::close(fd);
      return "cannot write " + tmp + ": " + why;
    }
    done += static_cast<size_t>(n);
  }
  // A full disk may show only here (delayed allocation, network file systems).
  if (::fsync(fd) != 0 && errno != EINVAL) {
    const std::string why = reason();
    ::close(fd);
    return "cannot write " + tmp + ": " + why;
  }
  if (::close(fd) != 0) {
    return "cannot write " + tmp + ": " + reason();
  }
  return {};
}

}  // namespace

std::string write_files_atomically(const std::vector<FileToWrite>& files) {
  std::vector<std::string> tmps;
  const auto remove_tmps = [&] {
    for (const std::string& t : tmps) {
      (void)std::remove(t.c_str());
    }
  };
  for (const FileToWrite& f : files) {
    tmps.push_back(f.path + ".tmp." + std::to_string(::getpid()));
    if (std::string problem = write_new(tmps.back(), f.text); !problem.empty()) {
      remove_tmps();
      return problem;
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::rename(tmps[i].c_str(), files[i].path.c_str()) != 0) {
      const std::string problem =
          "cannot rename " + tmps[i] + " to " + files[i].path + ": " + reason();
      tmps.erase(tmps.begin(), tmps.begin() + static_cast<std::ptrdiff_t>(i));  // renamed
      remove_tmps();
      return problem;
    }
  }
  return {};
}

std::string write_files_into(const std::string& dir, std::vector<FileToWrite> files) {
  for (FileToWrite& f : files) {
    f.path = (std::filesystem::path(dir) / f.path).string();
    std::error_code ec;  // a folder that cannot be made fails the write, which says why
    std::filesystem::create_directories(std::filesystem::path(f.path).parent_path(), ec);
  }
  return write_files_atomically(files);
}

}  // namespace drasim::reports
