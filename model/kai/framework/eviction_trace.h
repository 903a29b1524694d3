#pragma once
/// What an eviction action (consolidation, reclaim, preempt) did about one pending job, for
/// `drasim explain`. The actions report each step where they leave a job behind, at the place
/// they decide it, so explain tells the run's own truth; without an observer nothing is built.

#include "model/k8s/ids.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace drasim::model {

enum class EvictionStep {
  kNoVictims,        ///< nothing runs that could be evicted (action-wide; `job` invalid)
  kSpread,           ///< consolidation is off with the spread strategy (action-wide)
  kQueueRuledOut,    ///< `queue` can find no victim for this action (the action's scope)
  kJobRuledOut,      ///< the action's scope leaves the job out (`detail`: the rule)
  kNotReady,         ///< the gang is short of minMember
  kPreemptionDelay,  ///< PreemptionDelayNotElapsed (`detail`: until when)
  kShapeFailed,      ///< a task of the same shape already failed in this action
  kGateClosed,       ///< the action's gate (`detail`: the arithmetic)
  kFailedBefore,     ///< consolidation: the shape failed before and nothing was freed since
  kNoScenario,       ///< the solver found no valid scenario among `victims` victim jobs
  kEvicted,          ///< the solver committed a scenario
};

struct EvictionTrace {
  std::string_view action;  ///< "consolidation", "reclaim" or "preempt"
  EvictionStep step = EvictionStep::kNoVictims;
  JobId job;      ///< invalid for action-wide steps
  QueueId queue;  ///< kQueueRuledOut
  size_t victims = 0;
  std::string detail;
};

using EvictionObserver = std::function<void(const EvictionTrace&)>;

}  // namespace drasim::model
