#pragma once
/// What one scheduling cycle is asked to do and what it decided: the options and the result
/// that both profiles (KAI's actions and kube-scheduler) share with the engine.

#include "model/k8s/ids.h"
#include "model/kai/api/placement_strategy.h"
#include "model/kai/plugins/proportion/queue_share.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::model {

class Session;
class AllocateAction;

/// KAI's actions (pkg/scheduler/actions), as a scheduler configuration names them.
enum class Action { kAllocate, kConsolidation, kReclaim, kPreempt, kStaleGangEviction };

/// KAI's default action order (pkg/scheduler/conf_util: allocate, consolidation, reclaim,
/// preempt, stalegangeviction).
inline constexpr std::array<Action, 5> kDefaultActions = {Action::kAllocate, Action::kConsolidation,
                                                          Action::kReclaim, Action::kPreempt,
                                                          Action::kStaleGangEviction};

/// An action's name in a scheduler configuration, and the action of a name (none if unknown).
struct ActionName {
  std::string_view name;
  Action action;
};

inline constexpr std::array<ActionName, 5> kActionNames = {{
    {"allocate", Action::kAllocate},
    {"consolidation", Action::kConsolidation},
    {"reclaim", Action::kReclaim},
    {"preempt", Action::kPreempt},
    {"stalegangeviction", Action::kStaleGangEviction},
}};

/// What an eviction action did about one pending job, for `drasim explain`. The actions report
/// each step where they leave a job behind, at the place they decide it, so explain tells the
/// run's own truth; without an observer nothing is built.
enum class EvictionStep {
  kNoVictims,        ///< nothing runs that could be evicted (action-wide; `job` invalid)
  kSpread,           ///< consolidation is off with the spread strategy (action-wide)
  kQueueRuledOut,    ///< `queue` can find no victim for this action (the action's scope)
  kJobRuledOut,      ///< the action's scope leaves the job out
  kNotReady,         ///< the gang is short of minMember
  kPreemptionDelay,  ///< PreemptionDelayNotElapsed (`detail`: until when)
  kShapeFailed,      ///< the scheduling signatures skip it (job_representatives.h)
  kGateClosed,       ///< the action's gate (`detail`: the arithmetic)
  kFailedBefore,     ///< consolidation: the shape failed before and nothing was freed since
  kNoScenario,       ///< the solver found no valid scenario among `victims` victim jobs
  kEvicted,          ///< the solver committed a scenario
};

/// How one scenario of the eviction solver ended, in the order of its checks.
enum class ScenarioOutcome {
  kNoRoom,        ///< no node of the latest victims gained room for a task
  kOverCapacity,  ///< the job's queue would go over its limit or quota (capacity policy)
  kNoFit,         ///< the job does not fit even with the victims gone
  kNotPlaced,     ///< the simulation re-placed victims first and the job then found no room
  kNotAllMoved,   ///< consolidation: some victim found no new place
  kRejected,      ///< the action's validator rejected it
  kAccepted,      ///< committed
};

/// One scenario the solver tried for a job (drasim explain).
struct ScenarioTrace {
  std::vector<std::string> victim_jobs;  ///< `namespace/name` of the jobs it evicts, in order
  size_t pods = 0;                       ///< the pods it evicts virtually
  std::string node;  ///< the node the scenario was built around (empty: every potential victim)
  ScenarioOutcome outcome = ScenarioOutcome::kNoRoom;
  std::string detail;  ///< kRejected: the validator's rule that failed, with its arithmetic
};

/// At most this many scenarios per job and action are kept for explain (all are counted).
inline constexpr size_t kScenariosKept = 8;

/// The scenarios the solver tried for one job in one action: the first kScenariosKept, and
/// how many in all.
struct ScenarioLog {
  std::vector<ScenarioTrace> kept;
  size_t tried = 0;
};

struct EvictionTrace {
  Action action = Action::kReclaim;  ///< consolidation, reclaim or preempt
  EvictionStep step = EvictionStep::kNoVictims;
  JobId job;      ///< invalid for action-wide steps
  QueueId queue;  ///< kQueueRuledOut
  size_t victims = 0;
  std::string detail;
  ScenarioLog scenarios;  ///< kNoScenario and kEvicted
};

using EvictionObserver = std::function<void(const EvictionTrace&)>;

/// The name of `action` (kActionNames is in enum order).
[[nodiscard]] constexpr std::string_view action_name(Action action) {
  return kActionNames[static_cast<size_t>(action)].name;
}

static_assert(action_name(Action::kStaleGangEviction) == "stalegangeviction");

/// KAI's default `globalDefaultStalenessGracePeriod` (60 s).
inline constexpr int64_t kDefaultStalenessGraceUs = 60'000'000;

struct SchedulerOptions {
  PlacementStrategy placement = PlacementStrategy::kBinpack;
  bool kube_scheduler = false;  ///< the upstream default scheduler instead of KAI
  /// The actions a KAI cycle runs, in order (conf.SchedulerConfiguration.Actions).
  std::vector<Action> actions{kDefaultActions.begin(), kDefaultActions.end()};
  /// The staleness grace period of a PodGroup that sets none (KAI's
  /// `globalDefaultStalenessGracePeriod`, 60 s; negative = never).
  int64_t default_staleness_grace_us = kDefaultStalenessGraceUs;
  /// Called between the jobs the actions attempt; may throw to abandon the cycle (the engine's
  /// wall-clock limit). Empty: never called.
  std::function<void()> between_jobs;
  /// drasim explain's probe: called by the allocate action before each job it takes from the
  /// queues (`job` valid) and once after the last (`job` invalid). Empty: never called.
  std::function<void(Session&, const AllocateAction&, JobId job)> observe_allocate;
  /// drasim explain: what the eviction actions did about each pending job. Empty: nothing is
  /// reported.
  EvictionObserver observe_eviction;
};

/// What a cycle decided. Pods in `binds` are now kBinding on their node; pipelined placements
/// were released again at session close (nothing of them persists, as in KAI).
struct CycleResult {
  std::vector<std::pair<PodId, NodeId>> binds;
  size_t pipelined = 0;
  size_t jobs_attempted = 0;
  size_t jobs_failed = 0;
  /// Claims the scheduler deallocated without placing anything (kube-scheduler's PostFilter):
  /// the state changed, so another cycle must follow.
  size_t claims_deallocated = 0;
  /// Pods the eviction actions evicted: now kReleasing; they leave their node after their
  /// termination grace period.
  std::vector<PodId> evictions;
  /// A later time at which the scheduler has something to do even if nothing changes (a stale
  /// gang's grace period ending, a preemption delay or a minimum runtime running out).
  std::optional<int64_t> wake_at_us;
  /// The fair shares the cycle's session divided, by QueueId (empty under kube-scheduler).
  std::vector<proportion::Amounts> fair_shares;

  /// Asks for a wake-up at `at_us` (keeps the earliest asked for).
  void wake_at(int64_t at_us) { wake_at_us = std::min(wake_at_us.value_or(at_us), at_us); }
};

}  // namespace drasim::model
