#include "model/dra/allocator.h"

#include "model/dra/allocation_search.h"

namespace drasim::model::dra {

Allocator::Allocator(const DraFeatures& features, const Inventory& inventory,
                     const AllocatedDevices& allocated, SelectorEvaluator& selectors)
    : features_(features), inventory_(inventory), allocated_(allocated), selectors_(selectors) {}

AllocateOutcome Allocator::allocate(const std::string& node_name, const StringMap& node_labels,
                                    std::span<const ResourceClaim* const> claims) {
  AllocationSearch search(features_, inventory_, allocated_, selectors_, node_name, node_labels,
                          claims);
  return search.run();
}

}  // namespace drasim::model::dra
