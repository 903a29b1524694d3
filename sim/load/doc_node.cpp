#include "sim/load/doc_node.h"

#include <algorithm>
#include <cstring>

namespace drasim::sim {
namespace {

constexpr size_t kNodeChunk = 16384;    // nodes (about 1.3 MB)
constexpr size_t kTextChunk = 1 << 20;  // bytes

}  // namespace

const DocNode* DocNode::find(std::string_view k) const {
  if (kind != DocKind::kMap) {
    return nullptr;
  }
  // Keys of one mapping mostly differ in length or first letter: test those before comparing.
  for (const DocNode& child : children) {
    if (child.key.size() == k.size() && (k.empty() || child.key[0] == k[0]) && child.key == k) {
      return &child;
    }
  }
  return nullptr;
}

template <class T>
T* DocArena::take(std::vector<Chunk<T>>& chunks, size_t& current, size_t count, size_t min_size) {
  // Move on to the first chunk (from the current one) with room; a chunk left behind keeps its
  // unused tail until the next rewind.
  while (current < chunks.size() && chunks[current].size - chunks[current].used < count) {
    ++current;
    if (current < chunks.size()) {
      chunks[current].used = 0;
    }
  }
  if (current == chunks.size()) {
    const size_t size = std::max(min_size, count);
    chunks.push_back(Chunk<T>{std::make_unique<T[]>(size), size, 0});
  }
  Chunk<T>& chunk = chunks[current];
  T* out = chunk.data.get() + chunk.used;
  chunk.used += count;
  return out;
}

std::span<DocNode> DocArena::nodes(size_t count) {
  if (count == 0) {
    return {};
  }
  DocNode* block = take(node_chunks_, node_chunk_, count, kNodeChunk);
  std::fill(block, block + count, DocNode{});
  return {block, count};
}

std::string_view DocArena::text(std::string_view text) {
  if (text.empty()) {
    return {};
  }
  char* out = take(text_chunks_, text_chunk_, text.size(), kTextChunk);
  std::memcpy(out, text.data(), text.size());
  return {out, text.size()};
}

void DocArena::adopt(DocNode& parent, std::span<const DocNode> children) {
  const std::span<DocNode> block = nodes(children.size());
  std::copy(children.begin(), children.end(), block.begin());
  for (DocNode& child : block) {
    child.parent = &parent;
    relink_children(child);
  }
  parent.children = block;
}

DocNode* DocArena::place(const DocNode& node) {
  DocNode* out = nodes(1).data();
  *out = node;
  relink_children(*out);
  return out;
}

DocNode DocArena::deep_copy(const DocNode& node) {
  DocNode out = node;
  out.parent = nullptr;
  out.children = nodes(node.children.size());
  for (size_t i = 0; i < node.children.size(); ++i) {
    out.children[i] = deep_copy(node.children[i]);
    relink_children(out.children[i]);
  }
  return out;
}

DocArena::Position DocArena::position() const {
  const auto used = [](const auto& chunks, size_t current) {
    return current < chunks.size() ? chunks[current].used : 0;
  };
  return Position{node_chunk_, used(node_chunks_, node_chunk_), text_chunk_,
                  used(text_chunks_, text_chunk_)};
}

void DocArena::rewind(Position at) {
  node_chunk_ = at.node_chunk;
  if (node_chunk_ < node_chunks_.size()) {
    node_chunks_[node_chunk_].used = at.node_used;
  }
  text_chunk_ = at.text_chunk;
  if (text_chunk_ < text_chunks_.size()) {
    text_chunks_[text_chunk_].used = at.text_used;
  }
}

void relink_children(DocNode& node) {
  for (DocNode& child : node.children) {
    child.parent = &node;
  }
}

}  // namespace drasim::sim
