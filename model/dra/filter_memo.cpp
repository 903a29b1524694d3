#include "model/dra/filter_memo.h"

namespace drasim::model {

uint64_t DraFilterMemo::node_version(NodeId node) const {
  return node.index() < node_versions_.size() ? node_versions_[node.index()] : 0;
}

const DraFilterMemo::Entry* DraFilterMemo::valid(uint32_t fit_class, NodeId node) const {
  if (fit_class >= entries_.size() || node.index() >= entries_[fit_class].size()) {
    return nullptr;
  }
  const Entry& e = entries_[fit_class][node.index()];
  if (!e.answer || e.node_version != node_version(node) || e.shared_version != shared_version_) {
    return nullptr;
  }
  return &e;
}

FilterAnswerPtr DraFilterMemo::find(uint32_t fit_class, NodeId node) const {
  const Entry* e = valid(fit_class, node);
  return e ? e->answer : nullptr;
}

const FilterAnswer* DraFilterMemo::rejection(uint32_t fit_class, NodeId node) const {
  const Entry* e = valid(fit_class, node);
  return e && !e->fits ? e->answer.get() : nullptr;
}

void DraFilterMemo::store(uint32_t fit_class, NodeId node, FilterAnswerPtr answer) {
  if (entries_.size() <= fit_class) {
    entries_.resize(fit_class + 1);
  }
  auto& row = entries_[fit_class];
  if (row.size() <= node.index()) {
    row.resize(node.index() + 1);
  }
  const bool fits = answer->fits;
  row[node.index()] = Entry{node_version(node), shared_version_, std::move(answer), fits};
}

void DraFilterMemo::node_changed(NodeId node) {
  if (node_versions_.size() <= node.index()) {
    node_versions_.resize(node.index() + 1, 0);
  }
  ++node_versions_[node.index()];
  if (logging_) {
    log_.push_back(node);
  }
}

void DraFilterMemo::clear() {
  // Every entry is stale, as when a shared pool changes. The rows stay (a new inventory asks
  // about the same nodes, for the same fit classes) and are written over as answers come.
  shared_changed();
}

}  // namespace drasim::model
