// The cluster part of a generated scenario: its settings (profile, placement, horizon, the DRA
// feature switches), its nodes (device-plugin and DRA, with their GPUs and CPUs) and its queues.
#include <fmt/format.h>

#include "tests/stress/generator.h"
#include <string>
#include <utility>
#include <vector>

namespace drasim::stress {

void Generator::settings() {
  Settings& st = s_.settings;
  static const std::vector<std::string> kProfiles = {"kai", "kai-v0.17", "kai-v0.13", "kai-v0.12",
                                                     "kube-scheduler"};
  st.profile = kProfiles[rng_.weighted({60, 12, 10, 6, 12})];
  st.placement = rng_.chance(0.7) ? "binpack" : "spread";
  st.horizon_s = rng_.between(4, 12) * 30;
}

void Generator::nodes() {
  const int count = rng_.between(1, 4);
  for (int i = 0; i < count; ++i) {
    NodeInfo n;
    n.dra = rng_.chance(0.5);
    n.name = fmt::format("{}-{}", n.dra ? "dra" : "dp", i);
    n.gpus = rng_.pick(std::vector<int>{1, 2, 4, 4, 8});
    n.cpu = rng_.pick(std::vector<int>{16, 32, 64});
    n.free_gpus = n.gpus;
    n.free_cpu = n.cpu;
    // Without the label KAI assumes 100 MiB per GPU and turns every gpu-memory pod away;
    // leave it off now and then to cover that path too.
    n.memory_label = n.dra || rng_.chance(0.7);
    n.attach = n.dra && rng_.chance(0.2);
    s_.settings.binding_gate = s_.settings.binding_gate || n.attach;
    s_.nodes.push_back(std::move(n));
  }
  Settings& st = s_.settings;
  const bool dra = s_.has_dra();
  // Without the DRA-only-node guard, gpu-fraction pods land on DRA nodes and share DRA GPUs.
  st.guard_off = dra && s_.is_kai() && rng_.chance(0.5);
  st.bridge = dra && rng_.chance(0.5);
  st.shadow_class = st.bridge && rng_.chance(0.2);
}

void Generator::queues() {
  const int leaves = rng_.between(1, 4);
  const bool department = rng_.chance(0.4);
  if (department) {
    QueueInfo d;
    d.name = "dept";
    d.leaf = false;
    d.quota = rng_.pick(std::vector<int>{-1, 4, 8, 16});
    d.limit = -1;
    d.weight = rng_.between(0, 2);
    s_.queues.push_back(d);
  }
  for (int i = 0; i < leaves; ++i) {
    QueueInfo q;
    q.name = fmt::format("q{}", i);
    q.quota = rng_.pick(std::vector<int>{-1, 0, 1, 2, 4, 8});
    q.limit = q.quota < 0 || rng_.chance(0.6) ? -1 : q.quota + rng_.pick(std::vector<int>{0, 1, 4});
    q.weight = rng_.between(0, 3);
    if (rng_.chance(0.4)) {
      q.priority = rng_.pick(std::vector<int>{50, 100, 200});
    }
    // With a department, the first leaf always sits under it (so it is never childless) and
    // each other leaf with some chance; the rest are top-level queues beside it.
    if (department && (i == 0 || rng_.chance(0.6))) {
      q.parent = "dept";
    }
    s_.queues.push_back(std::move(q));
  }
}

}  // namespace drasim::stress
