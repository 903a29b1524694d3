#include "model/kai/actions/job_picker.h"

#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model {

const JobKey& JobPicker::Work::head() const {
  if (!pushed_back.empty() && (cursor == snapshot.size() || pushed_back.top() < snapshot[cursor])) {
    return pushed_back.top();
  }
  return snapshot[cursor];
}

void JobPicker::Work::pop() {
  if (!pushed_back.empty() && (cursor == snapshot.size() || pushed_back.top() < snapshot[cursor])) {
    pushed_back.pop();
  } else {
    ++cursor;
  }
  head_request.reset();
}

JobPicker::JobPicker(const Session& session, NextRequest next_request,
                     const std::function<bool(const JobKey&)>& keep,
                     const std::function<bool(QueueId)>& keep_queue,
                     const std::vector<JobKey>& extra)
    : session_(session),
      next_request_(std::move(next_request)),
      work_(session.state.queues.size()),
      best_(session.state.queues.size()),
      key_(session.state.queues.size()),
      fresh_(session.state.queues.size(), false) {
  for (size_t q = 0; q < work_.size(); ++q) {
    if (keep_queue && !keep_queue(QueueId::from_index(q))) {
      continue;
    }
    for (const JobKey& key : session.state.pending_by_queue[q]) {
      if (!keep || keep(key)) {
        work_[q].snapshot.push_back(key);
      }
    }
  }
  for (const JobKey& key : extra) {
    std::vector<JobKey>& into = work_[session.state.jobs[key.job.index()].queue.index()].snapshot;
    into.insert(std::upper_bound(into.begin(), into.end(), key), key);
  }
}

std::optional<JobPicker::Best> JobPicker::head_of(size_t leaf) {
  Work& w = work_[leaf];
  if (w.empty()) {
    return std::nullopt;
  }
  if (!w.head_request || session_.state.reference) {
    w.head_request = next_request_(w.head());
  }
  return Best{leaf, *w.head_request};
}

std::optional<JobPicker::Best> JobPicker::best_in(QueueId queue) {
  const size_t q = queue.index();
  if (!fresh_[q]) {
    const std::vector<QueueId>& below = session_.children[q];
    best_[q] = below.empty() ? head_of(q) : best_of(below);
    if (best_[q]) {
      key_[q] = session_.order_key(queue, best_[q]->request);
    }
    fresh_[q] = true;
  }
  return best_[q];
}

void JobPicker::invalidate(QueueId queue) {
  // The change may have touched the queue's jobs too (a victim's pods evicted or pipelined).
  work_[queue.index()].head_request.reset();
  for (QueueId id = queue; id.valid(); id = session_.state.queues[id.index()].parent) {
    fresh_[id.index()] = false;
  }
  root_fresh_ = false;
}

std::optional<JobPicker::Best> JobPicker::best_of(const std::vector<QueueId>& level) {
  std::optional<Best> best;
  std::optional<QueueId> best_queue;
  for (const QueueId q : level) {
    const std::optional<Best> candidate = best_in(q);
    if (!candidate) {
      continue;
    }
#ifndef NDEBUG
    DRASIM_ASSERT(key_[q.index()].current(),
                  "every change of a queue's allocation invalidates it in the job order");
#endif
    if (!best || proportion::queue_before(key_[q.index()], key_[best_queue->index()])) {
      best = candidate;
      best_queue = q;
    }
  }
  return best;
}

std::optional<JobKey> JobPicker::pop() {
  const bool reference = session_.state.reference;
  if (reference) {
    std::fill(fresh_.begin(), fresh_.end(), false);  // the whole descent, every time
    root_fresh_ = false;
  }
  if (!root_fresh_) {
    root_ = best_of(session_.top_level);
    root_fresh_ = true;
  }
  if (!root_) {
    return std::nullopt;
  }
  const size_t leaf = root_->leaf;
  Work& w = work_[leaf];
  const JobKey key = w.head();
  w.pop();
  // Every choice on the leaf's path holds {leaf, request}: they stay right when the new head
  // asks for the same request.
  const std::optional<Best> next = reference ? std::nullopt : head_of(leaf);
  if (!next || next->request != root_->request) {
    invalidate(QueueId::from_index(leaf));
  }
  return key;
}

std::vector<std::vector<JobPicker::Rival>> JobPicker::rivals(QueueId leaf) const {
  std::vector<std::vector<Rival>> out;
  for (QueueId q = leaf; q.valid(); q = session_.state.queues[q.index()].parent) {
    const QueueId parent = session_.state.queues[q.index()].parent;
    std::vector<Rival>& level = out.emplace_back();
    for (const QueueId sibling :
         parent.valid() ? session_.children[parent.index()] : session_.top_level) {
      const std::optional<Best>& best = best_[sibling.index()];
      if (sibling != q && fresh_[sibling.index()] && best) {
        level.push_back(Rival{sibling, best->request});
      }
    }
  }
  return out;
}

void JobPicker::push_back(const JobKey& key) {
  const QueueId queue = session_.state.jobs[key.job.index()].queue;
  Work& w = work_[queue.index()];
  w.pushed_back.push(key);
  w.head_request.reset();
  invalidate(queue);
}

}  // namespace drasim::model
