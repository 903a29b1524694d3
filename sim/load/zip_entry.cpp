#include "sim/load/zip_entry.h"

#include "sim/load/quote.h"

#include <fmt/format.h>
#include <zip.h>

#include <algorithm>
#include <array>
#include <memory>

namespace drasim::sim {
namespace {

struct ArchiveCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};

struct EntryCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};

/// libzip's words for an error code, lower case as diagnostics are.
std::string zip_words(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string text = zip_error_strerror(&error);
  zip_error_fini(&error);
  if (!text.empty()) {
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  }
  return text;
}

}  // namespace

bool looks_like_zip(std::string_view bytes) {
  return bytes.size() >= 4 && bytes.substr(0, 2) == "PK"
         && ((bytes[2] == '\3' && bytes[3] == '\4') || (bytes[2] == '\5' && bytes[3] == '\6'));
}

std::variant<std::string, FileProblem> read_zip_entry(std::string_view archive,
                                                      std::string_view name, uint64_t max_bytes,
                                                      std::string_view cap_advice) {
  constexpr const char* kArchive = "a ZIP archive (a KAI scheduler snapshot)";
  zip_error_t error;
  zip_error_init(&error);
  // The source only reads `archive`; libzip's buffer API is not const-correct.
  zip_source_t* source = zip_source_buffer_create(archive.data(), archive.size(), 0, &error);
  if (source == nullptr) {
    const std::string words = zip_error_strerror(&error);
    zip_error_fini(&error);
    return FileProblem{kArchive, words};
  }
  const std::unique_ptr<zip_t, ArchiveCloser> zip(
      zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
  if (!zip) {
    const int code = zip_error_code_zip(&error);
    zip_error_fini(&error);
    zip_source_free(source);
    return FileProblem{kArchive, fmt::format("a damaged archive ({})", zip_words(code))};
  }
  zip_error_fini(&error);
  const std::string entry(name);
  const zip_int64_t index = zip_name_locate(zip.get(), entry.c_str(), 0);
  if (index < 0) {
    const zip_int64_t entries = zip_get_num_entries(zip.get(), 0);
    std::string first;
    if (entries > 0) {
      const char* n = zip_get_name(zip.get(), 0, 0);
      first = fmt::format(" (its first is {})", quote(n != nullptr ? n : ""));
    }
    return FileProblem{
        fmt::format("an archive holding {}", entry),
        fmt::format("{} other entr{}{}", entries, entries == 1 ? "y" : "ies", first)};
  }
  const std::unique_ptr<zip_file_t, EntryCloser> file(
      zip_fopen_index(zip.get(), static_cast<zip_uint64_t>(index), 0));
  if (!file) {
    return FileProblem{fmt::format("a readable {} entry", entry),
                       zip_words(zip_error_code_zip(zip_get_error(zip.get())))};
  }
  std::string out;
  // Room for the size the archive declares (never past the cap: it may lie), and the JSON
  // reader's padding, so the text is neither grown nor copied again.
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(zip.get(), static_cast<zip_uint64_t>(index), 0, &stat) == 0
      && (stat.valid & ZIP_STAT_SIZE) != 0) {
    out.reserve(static_cast<size_t>(std::min<uint64_t>(stat.size, max_bytes)) + kReaderPadding);
  }
  std::array<char, 1 << 16> chunk{};
  while (true) {
    const zip_int64_t n = zip_fread(file.get(), chunk.data(), chunk.size());
    if (n < 0) {
      return FileProblem{
          fmt::format("a readable {} entry", entry),
          fmt::format("a damaged entry ({})",
                      zip_words(zip_error_code_zip(zip_file_get_error(file.get()))))};
    }
    if (n == 0) {
      break;
    }
    if (out.size() + static_cast<uint64_t>(n) > max_bytes) {
      return FileProblem{fmt::format("{} inflating to at most {} ({})", entry,
                                     format_bytes(max_bytes), cap_advice),
                         fmt::format("more than {} bytes", max_bytes)};
    }
    out.append(chunk.data(), static_cast<size_t>(n));
  }
  return out;
}

}  // namespace drasim::sim
