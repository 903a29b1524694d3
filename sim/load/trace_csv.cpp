#include "sim/load/trace_csv.h"

#include "model/k8s/quantity.h"
#include "sim/load/quote.h"
#include "sim/load/sim_time.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

namespace drasim::sim {
namespace {

enum Column { kSubmit, kDuration, kPods, kGpus, kQueue, kPriorityClass, kName, kColumns };

constexpr std::array<std::string_view, kColumns> kColumnNames = {
    "submit", "duration", "pods", "gpusPerPod", "queue", "priorityClass", "name"};

struct Cell {
  std::string_view text;
  uint32_t col = 0;
};

std::string_view trim(std::string_view s) {
  const size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) {
    return {};
  }
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::vector<Cell> split(std::string_view line) {
  std::vector<Cell> out;
  size_t start = 0;
  while (true) {
    const size_t comma = line.find(',', start);
    const std::string_view raw = line.substr(start, comma - start);
    const size_t lead = raw.find_first_not_of(" \t");
    out.push_back({trim(raw),
                   static_cast<uint32_t>(start + 1 + (lead == std::string_view::npos ? 0 : lead))});
    if (comma == std::string_view::npos) {
      return out;
    }
    start = comma + 1;
  }
}

/// Seconds (`90`, `12.5`) or a duration (`90s`, `10m`).
std::optional<int64_t> parse_time_us(std::string_view text) {
  if (text.empty()) {
    return std::nullopt;
  }
  const char last = text.back();
  const auto d =
      (last >= '0' && last <= '9') ? parse_duration(std::string(text) + "s") : parse_duration(text);
  return d ? std::optional<int64_t>(d->us) : std::nullopt;
}

class TraceParser {
 public:
  TraceParser(const std::string& file, uint32_t file_index, std::string_view trace_name,
              Diagnostics& d)
      : file_(file), file_index_(file_index), trace_name_(trace_name), d_(d) {}

  std::vector<TraceJob> parse(std::string_view text) {
    uint32_t line_no = 0;
    size_t pos = 0;
    while (pos <= text.size() && !stop_) {
      const size_t end = std::min(text.find('\n', pos), text.size());
      const std::string_view line = text.substr(pos, end - pos);
      ++line_no;
      pos = end + 1;
      const std::string_view content = trim(line);
      if (content.empty() || content.front() == '#') {
        continue;
      }
      if (!have_header_) {
        header(line, line_no);
      } else if (columns_ok_) {
        row(line, line_no);
      }
    }
    if (!have_header_) {
      error(Mark{1, 1}, "header",
            "a header row naming the columns submit, duration, pods, "
            "gpusPerPod, queue",
            "an empty trace");
    }
    return std::move(jobs_);
  }

 private:
  void error(Mark at, std::string_view column, std::string expected, std::string found) {
    d_.error(Diagnostic{file_, at, std::string(column), std::move(expected), std::move(found)});
  }

  void header(std::string_view line, uint32_t line_no) {
    have_header_ = true;
    index_.fill(-1);
    const auto cells = split(line);
    for (size_t i = 0; i < cells.size(); ++i) {
      const auto it = std::find(kColumnNames.begin(), kColumnNames.end(), cells[i].text);
      if (it == kColumnNames.end()) {
        error(Mark{line_no, cells[i].col}, "header",
              fmt::format("a column name (one of {})", fmt::join(kColumnNames, ", ")),
              quote(cells[i].text));
        columns_ok_ = false;
        continue;
      }
      index_[static_cast<size_t>(it - kColumnNames.begin())] = static_cast<int>(i);
    }
    for (size_t c = kSubmit; c <= kQueue; ++c) {
      if (index_[c] < 0) {
        error(Mark{line_no, 1}, "header", fmt::format("a header with a {} column", kColumnNames[c]),
              "none");
        columns_ok_ = false;
      }
    }
    width_ = cells.size();
  }

  /// Checks the required cells of a row and reads them into `job`; false (reported) when one
  /// is invalid.
  bool read_cells(const std::vector<Cell>& cells, uint32_t line_no, TraceJob& job) {
    const auto cell = [&](Column c) {
      return cells[static_cast<size_t>(index_[c])];
    };
    bool ok = true;
    const auto bad = [&](Column c, std::string expected) {
      error(Mark{line_no, cell(c).col}, kColumnNames[c], std::move(expected), quote(cell(c).text));
      ok = false;
    };
    const auto submit = parse_time_us(cell(kSubmit).text);
    if (!submit) {
      bad(kSubmit, "seconds or a duration such as 90s or 10m");
    }
    const auto duration = parse_time_us(cell(kDuration).text);
    if (!duration || *duration <= 0) {
      bad(kDuration, "seconds or a duration such as 90s or 10m, longer than zero");
    }
    const auto pods = model::parse_int64(cell(kPods).text);
    if (!pods || *pods < 1 || *pods > 10'000) {
      bad(kPods, "a pod count from 1 to 10000");
    }
    const auto gpus = model::parse_int64(cell(kGpus).text);
    if (!gpus || *gpus < 0 || *gpus > 64) {
      bad(kGpus, "a GPU count from 0 to 64");
    }
    job.queue = std::string(cell(kQueue).text);
    if (job.queue.empty()) {
      bad(kQueue, "a queue name");
    }
    if (ok) {
      job.submit_us = *submit;
      job.runtime_us = *duration;
      job.pods = *pods;
      job.gpus_per_pod = *gpus;
    }
    return ok;
  }

  void row(std::string_view line, uint32_t line_no) {
    const auto cells = split(line);
    if (cells.size() != width_) {
      error(Mark{line_no, 1}, fmt::format("row {}", line_no),
            fmt::format("{} cells as in the header", width_), fmt::format("{}", cells.size()));
      return;
    }
    TraceJob job;
    job.row = model::SourceRef{file_index_, line_no, 1};
    const bool ok = read_cells(cells, line_no, job);
    if (index_[kPriorityClass] >= 0) {
      job.priority_class = std::string(cells[static_cast<size_t>(index_[kPriorityClass])].text);
    }
    if (index_[kName] >= 0) {
      job.name = std::string(cells[static_cast<size_t>(index_[kName])].text);
    }
    if (job.name.empty()) {
      job.name = fmt::format("{}-{}", trace_name_, rows_);
    }
    ++rows_;
    if (!ok) {
      return;
    }
    total_pods_ += job.pods;
    if (total_pods_ > kMaxTracePods) {
      error(Mark{line_no, cells[static_cast<size_t>(index_[kPods])].col}, kColumnNames[kPods],
            fmt::format("at most {} pods in a trace (drasim's memory limit)", kMaxTracePods),
            fmt::format("{} by this row", total_pods_));
      stop_ = true;
      return;
    }
    jobs_.push_back(std::move(job));
  }

  const std::string& file_;
  uint32_t file_index_;
  std::string_view trace_name_;
  Diagnostics& d_;
  bool have_header_ = false;
  bool columns_ok_ = true;
  bool stop_ = false;
  std::array<int, kColumns> index_{};
  size_t width_ = 0;
  int64_t rows_ = 0;
  int64_t total_pods_ = 0;
  std::vector<TraceJob> jobs_;
};

}  // namespace

std::vector<TraceJob> parse_trace_csv(std::string_view text, const std::string& file,
                                      uint32_t file_index, std::string_view trace_name,
                                      Diagnostics& diagnostics) {
  return TraceParser(file, file_index, trace_name, diagnostics).parse(text);
}

}  // namespace drasim::sim
