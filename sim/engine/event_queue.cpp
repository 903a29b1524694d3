#include "sim/engine/event_queue.h"

#include <tuple>

namespace drasim::sim {

bool EventQueue::Later::operator()(const QueuedEvent& a, const QueuedEvent& b) const {
  return std::make_tuple(a.at, a.event.index(), a.seq)
         > std::make_tuple(b.at, b.event.index(), b.seq);
}

uint64_t EventQueue::schedule(SimTime at, Event event) {
  const uint64_t seq = next_seq_++;
  heap_.push(QueuedEvent{at, seq, std::move(event)});
  return seq;
}

QueuedEvent EventQueue::pop() {
  QueuedEvent e = heap_.top();
  heap_.pop();
  return e;
}

}  // namespace drasim::sim
