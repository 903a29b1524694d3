#pragma once
/// The state of one Allocator::allocate call (upstream: the unexported `allocator` struct of
/// allocator_experimental.go): validated per-request data, the candidate devices of the
/// gathered pools with dense indices for caches, the in-flight bookkeeping of the depth-first
/// search, and the conversion of the first solution into AllocationResults. Internal to
/// model/dra; use Allocator.

#include "model/dra/allocated_devices.h"
#include "model/dra/allocator.h"
#include "model/dra/constraints.h"
#include "model/dra/features.h"
#include "model/dra/pools.h"
#include "model/dra/selector_evaluator.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace drasim::model::dra {

class AllocationSearch {
 public:
  AllocationSearch(const DraFeatures& features, const Inventory& inventory,
                   const AllocatedDevices& allocated, SelectorEvaluator& selectors,
                   const std::string& node_name, const StringMap& node_labels,
                   std::span<const ResourceClaim* const> claims);

  [[nodiscard]] AllocateOutcome run();

 private:
  enum class Step { kDone, kNoSolution, kMaxSize, kFatal };
  enum class Pick { kOk, kNo, kFatal };

  /// A device of a gathered pool; its position in candidates_ is its dense index.
  struct Candidate {
    uint32_t pool;
    const ResourceSlice* slice;
    const Device* device;
  };

  /// A request without subrequests, or one subrequest of a firstAvailable request.
  struct RequestData {
    const DeviceRequest* parent = nullptr;
    const DeviceSubRequest* request = nullptr;
    bool is_sub = false;
    std::string name;         ///< request.name() upstream: the subrequest's own name for subs
    std::string result_name;  ///< `req` or `req/sub`
    const DeviceClass* device_class = nullptr;
    bool admin = false;
    bool all_mode = false;
    uint32_t num_devices = 0;
    std::vector<uint32_t> all_devices;        ///< All mode: fixed candidate list
    std::vector<int8_t> selectable;           ///< per candidate: -1 unknown, 0 no, 1 yes
    std::vector<uint8_t> constraint_applies;  ///< per claim constraint
  };

  struct Picked {
    uint32_t request;
    uint32_t sub;
    uint32_t candidate;
    bool charged_counters;
    std::string share_id;
    std::map<std::string, Quantity> consumed;
  };

  struct ClaimData {
    const ResourceClaim* claim = nullptr;
    std::vector<std::vector<RequestData>> requests;  ///< per request: 1 entry or one per sub
    std::vector<uint32_t> selected_sub;
    std::vector<ClaimConstraint> constraints;
    std::vector<Picked> picked;
  };

  struct PoolCounters {
    bool ready = false;
    std::vector<std::vector<Quantity>> available;  ///< per counter set, per counter (map order)
    std::vector<std::vector<Quantity>> in_flight;
  };

  // allocation_search_setup.cpp
  [[nodiscard]] bool validate_claims();
  [[nodiscard]] bool validate_request(ClaimData& claim, RequestData& data);
  [[nodiscard]] bool collect_all_devices(ClaimData& claim, RequestData& data);
  [[nodiscard]] AllocateOutcome build_outcome();
  [[nodiscard]] bool fail(std::string message);
  std::string make_share_id(const ClaimData& claim, uint32_t candidate) const;
  /// `ns/name`, made only for a message or a share ID.
  static std::string id_of(const ClaimData& claim);
  /// `claim <ns/name>, request <name>`, the start of a request's messages.
  static std::string request_prefix(const ClaimData& claim, const RequestData& data);

  // allocation_search.cpp
  Step allocate_one(uint32_t c, uint32_t r, uint32_t s, uint32_t k, bool in_sub, uint32_t start);
  Step try_subrequests(uint32_t c, uint32_t r);
  Step allocate_all_mode(uint32_t c, uint32_t r, uint32_t s, uint32_t k, bool in_sub);
  Pick allocate_device(uint32_t c, uint32_t r, uint32_t s, uint32_t d, bool must);
  void deallocate_device(uint32_t c, uint32_t d);
  /// -1 on a CEL runtime error (message stored), else 0 / 1.
  int selectable(const ClaimData& claim, RequestData& data, uint32_t d);
  bool capacity_ok(const RequestData& data, uint32_t d, std::map<std::string, Quantity>* out);
  bool tolerated(const RequestData& data, const Device& device) const;
  bool exclusive_elsewhere(uint32_t d);
  const std::map<std::string, Quantity>* allocated_capacity(uint32_t d) const;
  bool charge_counters(uint32_t pool, const Device& device);
  void uncharge_counters(uint32_t pool, const Device& device);
  void prepare_counters(uint32_t pool);
  DeviceKey key(uint32_t d) const;

  const DraFeatures& features_;
  const Inventory& inventory_;
  const AllocatedDevices& allocated_;
  SelectorEvaluator& selectors_;
  const std::string& node_name_;
  const StringMap& node_labels_;
  std::span<const ResourceClaim* const> claims_in_;

  std::shared_ptr<const std::vector<Pool>> pool_list_;  ///< from Inventory::pools_for
  std::span<const Pool> pools_;
  std::vector<Candidate> candidates_;
  std::vector<std::pair<uint32_t, uint32_t>> pool_ranges_;  ///< [begin, end) per pool
  std::vector<AllocatedDevices::PoolView> held_;            ///< per pool: its held devices
  std::vector<ClaimData> claims_;
  std::vector<int8_t> exclusive_;         ///< per candidate: -1 unknown
  std::vector<uint32_t> allocating_any_;  ///< per candidate: claims picking it exclusively
  std::vector<std::vector<uint8_t>> allocating_for_claim_;           ///< [claim][candidate]
  std::vector<std::map<std::string, Quantity>> in_flight_capacity_;  ///< per candidate
  std::vector<PoolCounters> counters_;
  std::string error_;
  uint64_t invocations_ = 0;
};

}  // namespace drasim::model::dra
