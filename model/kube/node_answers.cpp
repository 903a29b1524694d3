#include "model/kube/node_answers.h"

#include <algorithm>

namespace drasim::model::kube {
namespace {

/// What the rows of one cycle may hold: beyond it the least recently used row is reused.
constexpr size_t kBudgetBytes = size_t{64} << 20;

}  // namespace

NodeAnswerRows::NodeAnswerRows(size_t nodes)
    : nodes_(nodes),
      max_rows_(std::max<size_t>(
          1, kBudgetBytes
                 / (std::max<size_t>(1, nodes)
                    * (sizeof(NodeAnswer) + sizeof(NodeAnswerDetail) + 4 * sizeof(ScanSummary))))) {
}

AnswerRow& NodeAnswerRows::fresh_row(AnswerRow& row) {
  ++row.epoch;
  row.last_used = ++clock_;
  return row;
}

AnswerRow& NodeAnswerRows::shared(const Key& key) {
  if (const auto it = slot_of_.find(key); it != slot_of_.end()) {
    AnswerRow& row = *rows_[it->second];
    row.last_used = ++clock_;
    return row;
  }
  size_t slot = rows_.size();
  if (rows_.size() < max_rows_) {
    rows_.push_back(std::make_unique<AnswerRow>());
    rows_.back()->nodes.resize(nodes_);
    rows_.back()->details.resize(nodes_);
    key_of_slot_.emplace_back();
  } else {
    // The least recently used row; the clock makes the choice unique.
    slot = static_cast<size_t>(
        std::min_element(rows_.begin(), rows_.end(),
                         [](const auto& a, const auto& b) { return a->last_used < b->last_used; })
        - rows_.begin());
    slot_of_.erase(key_of_slot_[slot]);
  }
  key_of_slot_[slot] = slot_of_.emplace(key, slot).first;
  return fresh_row(*rows_[slot]);
}

AnswerRow& NodeAnswerRows::scratch() {
  // Made at first use: a cycle whose pods all share rows never pays for it.
  if (scratch_.nodes.empty()) {
    scratch_.nodes.resize(nodes_);
    scratch_.details.resize(nodes_);
  }
  return fresh_row(scratch_);
}

}  // namespace drasim::model::kube
