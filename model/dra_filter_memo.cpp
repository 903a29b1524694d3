#include "model/dra_filter_memo.h"

namespace drasim::model {

uint64_t DraFilterMemo::node_version(NodeId node) const {
  return node.index() < node_versions_.size() ? node_versions_[node.index()] : 0;
}

const DraFilterMemo::Answer* DraFilterMemo::find(uint32_t fit_class, NodeId node) const {
  const auto by_class = entries_.find(fit_class);
  if (by_class == entries_.end()) {
    return nullptr;
  }
  const auto it = by_class->second.find(static_cast<uint32_t>(node.index()));
  if (it == by_class->second.end() || it->second.node_version != node_version(node)
      || it->second.shared_version != shared_version_) {
    return nullptr;
  }
  return &it->second.answer;
}

void DraFilterMemo::store(uint32_t fit_class, NodeId node, Answer answer) {
  entries_[fit_class][static_cast<uint32_t>(node.index())] =
      Entry{node_version(node), shared_version_, std::move(answer)};
}

void DraFilterMemo::node_changed(NodeId node) {
  if (node_versions_.size() <= node.index()) {
    node_versions_.resize(node.index() + 1, 0);
  }
  ++node_versions_[node.index()];
}

void DraFilterMemo::clear() {
  entries_.clear();
}

}  // namespace drasim::model
