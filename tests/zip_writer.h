#pragma once
/// ZIP archives built in memory with libzip, for the tests of the KAI snapshot reader: the
/// snapshot plugin answers with a ZIP of one Deflate entry, `snapshot.json`.

#include <zip.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace drasim::test {

/// A ZIP of `entries` (name, contents), each deflated, in order.
inline std::string make_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (buffer == nullptr) {
    throw std::runtime_error("zip_source_buffer_create failed");
  }
  zip_source_keep(buffer);  // read back after zip_close
  zip_t* zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (zip == nullptr) {
    zip_source_free(buffer);
    throw std::runtime_error("zip_open_from_source failed");
  }
  for (const auto& [name, text] : entries) {
    // The archive copies the text when it is closed; the source must not free it.
    zip_source_t* entry = zip_source_buffer(zip, text.data(), text.size(), 0);
    if (entry == nullptr || zip_file_add(zip, name.c_str(), entry, ZIP_FL_ENC_UTF_8) < 0) {
      zip_source_free(entry);
      zip_discard(zip);
      zip_source_free(buffer);
      throw std::runtime_error("zip_file_add failed");
    }
  }
  if (zip_close(zip) != 0) {
    zip_discard(zip);
    zip_source_free(buffer);
    throw std::runtime_error("zip_close failed");
  }
  std::string out;
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_source_stat(buffer, &st) == 0 && zip_source_open(buffer) == 0) {
    out.resize(st.size);
    const zip_int64_t n = zip_source_read(buffer, out.data(), st.size);
    zip_source_close(buffer);
    out.resize(n < 0 ? 0 : static_cast<size_t>(n));
  }
  zip_source_free(buffer);
  zip_error_fini(&error);
  return out;
}

/// The snapshot plugin's archive around `json`.
inline std::string snapshot_zip(const std::string& json) {
  return make_zip({{"snapshot.json", json}});
}

}  // namespace drasim::test
