#include "model/dra/extended_resources.h"

#include "model/k8s/name_rules.h"
#include "model/k8s/rfc3339.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

namespace drasim::model {
namespace {

/// The age key of §5.2: later appearance first decides, then creationTimestamp (nullopt, the
/// oldest, when missing or unreadable; std::optional orders nullopt first).
std::pair<int64_t, std::optional<Instant>> age_key(const DeviceClass& c) {
  return {c.meta.appear_us, parse_rfc3339(c.meta.creation_timestamp)};
}

/// Whether `a` beats `b` for an explicit name: newer, or as old and a smaller name.
bool beats(const DeviceClass& a, const DeviceClass& b) {
  const auto ka = age_key(a);
  const auto kb = age_key(b);
  if (ka != kb) {
    return ka > kb;
  }
  return a.meta.name < b.meta.name;
}

/// The containers in the order their global index counts: initContainers ++ containers.
struct Indexed {
  const Container* container;
  bool long_lived;  ///< sidecars (restartPolicy Always) and regular containers
};

std::vector<Indexed> indexed_containers(const PodSpec& spec) {
  std::vector<Indexed> out;
  out.reserve(spec.init_containers.size() + spec.containers.size());
  for (const Container& c : spec.init_containers) {
    out.push_back(Indexed{&c, c.restart_always});
  }
  for (const Container& c : spec.containers) {
    out.push_back(Indexed{&c, true});
  }
  return out;
}

/// The device count a container asks for: the request as a whole number (Quantity::AsInt64
/// upstream); nullopt when absent, zero, negative or not a whole number (`1.5`, `500m`).
std::optional<int64_t> device_count(const Container& c, const std::string& resource) {
  const auto it = c.requests.find(resource);
  if (it == c.requests.end() || it->second.nanos() % Quantity::kNano != 0) {
    return std::nullopt;
  }
  const Int128 units = it->second.nanos() / Quantity::kNano;
  if (units <= 0 || units > std::numeric_limits<int64_t>::max()) {
    return std::nullopt;
  }
  return static_cast<int64_t>(units);
}

/// `container-<i>-request-<j>`, j being the resource's index among all the container's request
/// names in sorted order (so cpu and memory shift it).
std::string request_name(size_t index, const Container& c, const std::string& resource) {
  const auto j = std::distance(c.requests.begin(), c.requests.find(resource));
  return "container-" + std::to_string(index) + "-request-" + std::to_string(j);
}

DeviceRequest exact_request(std::string name, const std::string& class_name, int64_t count) {
  DeviceSubRequest sub;
  sub.device_class_name = class_name;
  sub.allocation_mode = AllocationMode::kExactCount;
  sub.count = count;
  DeviceRequest r;
  r.name = std::move(name);
  r.exactly = std::move(sub);
  return r;
}

/// A request being built: its name and device count.
struct Draft {
  std::string name;
  int64_t count = 0;
};

/// What one resource adds to the claim.
struct ResourcePart {
  std::vector<std::optional<Draft>> long_lived;  ///< by global index
  std::optional<Draft> kept_short;
  std::vector<RequestMapping> long_mappings;
  std::vector<RequestMapping> short_mappings;
};

void add_long_lived(const std::vector<Indexed>& all, const std::string& resource,
                    ResourcePart& part) {
  // resize, not assign(n, nullopt): GCC 12 at -O2 warns of a null dereference inside
  // std::optional's copy for the latter (a false positive of -Wnull-dereference).
  part.long_lived.clear();
  part.long_lived.resize(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    const Container& c = *all[i].container;
    const auto count = all[i].long_lived ? device_count(c, resource) : std::nullopt;
    if (!count) {
      continue;
    }
    part.long_lived[i] = Draft{request_name(i, c, resource), *count};
    part.long_mappings.push_back(RequestMapping{c.name, resource, part.long_lived[i]->name});
  }
}

/// Plain init containers run to completion before the containers after them start, so each may
/// borrow the devices of long-lived containers at or after its own index; what is still missing
/// becomes a new request. Init containers also run one at a time, so the largest new request
/// (the first on a tie) serves them all and the others are dropped, their mappings redirected.
void add_short_lived(const std::vector<Indexed>& all, const std::string& resource,
                     ResourcePart& part) {
  std::vector<Draft> fresh;
  for (size_t i = 0; i < all.size(); ++i) {
    const Container& c = *all[i].container;
    const auto wanted = all[i].long_lived ? std::nullopt : device_count(c, resource);
    if (!wanted) {
      continue;
    }
    Int128 borrowed = 0;  // wide: a sum of int64 counts
    for (size_t k = i; k < all.size() && borrowed < *wanted; ++k) {
      if (part.long_lived[k]) {
        borrowed += part.long_lived[k]->count;
        part.short_mappings.push_back(RequestMapping{c.name, resource, part.long_lived[k]->name});
      }
    }
    if (borrowed < *wanted) {
      fresh.push_back(
          Draft{request_name(i, c, resource), *wanted - static_cast<int64_t>(borrowed)});
      part.short_mappings.push_back(RequestMapping{c.name, resource, fresh.back().name});
    }
  }
  if (fresh.empty()) {
    return;
  }
  const auto largest = std::max_element(
      fresh.begin(), fresh.end(), [](const Draft& a, const Draft& b) { return a.count < b.count; });
  part.kept_short = *largest;
  for (RequestMapping& m : part.short_mappings) {
    const bool dropped = std::any_of(fresh.begin(), fresh.end(), [&](const Draft& d) {
      return d.name == m.request_name && d.name != part.kept_short->name;
    });
    if (dropped) {
      m.request_name = part.kept_short->name;
    }
  }
}

}  // namespace

std::string implicit_name(std::string_view class_name) {
  std::string out(kImplicitPrefix);
  out += class_name;
  return out;
}

bool is_dra_capable_name(std::string_view resource) {
  if (resource.substr(0, kImplicitPrefix.size()) == kImplicitPrefix) {
    return true;
  }
  // Native resources: no domain at all (cpu, memory, hugepages-2Mi) or a kubernetes.io domain.
  const size_t slash = resource.find('/');
  if (slash == std::string_view::npos || resource.find("kubernetes.io/") != std::string_view::npos
      || resource.substr(0, 9) == "requests.") {
    return false;
  }
  // The quota name `requests.<resource>` must be a qualified name, so the domain may be at most
  // 253 - 9 characters long.
  constexpr size_t kMaxDomain = 253 - 9;
  return is_dns_subdomain(resource.substr(0, slash), kMaxDomain)
         && is_qualified_name_part(resource.substr(slash + 1));
}

ExtendedResourceMap::ExtendedResourceMap(const std::vector<const DeviceClass*>& classes) {
  // Claimants of each explicit name, best first.
  std::map<std::string, std::vector<const DeviceClass*>, std::less<>> claimants;
  for (const DeviceClass* c : classes) {
    by_name_[implicit_name(c->meta.name)] = c;
    const std::string& explicit_name = c->extended_resource_name;
    if (!explicit_name.empty() && !explicit_name.starts_with(kImplicitPrefix)) {
      claimants[explicit_name].push_back(c);
    }
  }
  for (auto& [resource, list] : claimants) {
    std::sort(list.begin(), list.end(),
              [](const DeviceClass* a, const DeviceClass* b) { return beats(*a, *b); });
    by_name_[resource] = list.front();
    for (size_t i = 1; i < list.size(); ++i) {
      shadowed_.push_back(Shadowed{resource, list.front()->meta.name, list[i]->meta.name});
    }
  }
  std::sort(shadowed_.begin(), shadowed_.end(), [](const Shadowed& a, const Shadowed& b) {
    return std::tie(a.resource, a.loser) < std::tie(b.resource, b.loser);
  });
}

const DeviceClass* ExtendedResourceMap::find(std::string_view resource) const {
  const auto it = by_name_.find(resource);
  return it == by_name_.end() ? nullptr : it->second;
}

BridgeRequests bridge_requests(const PodSpec& spec, const std::vector<std::string>& dra_names,
                               const ExtendedResourceMap& map) {
  std::vector<std::string> names = dra_names;
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  const std::vector<Indexed> all = indexed_containers(spec);
  BridgeRequests out;
  for (const std::string& resource : names) {
    const DeviceClass* device_class = map.find(resource);
    if (device_class == nullptr) {
      continue;
    }
    ResourcePart part;
    add_long_lived(all, resource, part);
    add_short_lived(all, resource, part);
    const std::string& class_name = device_class->meta.name;
    if (part.kept_short) {
      out.requests.push_back(
          exact_request(part.kept_short->name, class_name, part.kept_short->count));
    }
    for (const std::optional<Draft>& d : part.long_lived) {
      if (d) {
        out.requests.push_back(exact_request(d->name, class_name, d->count));
      }
    }
    out.mappings.insert(out.mappings.end(), part.long_mappings.begin(), part.long_mappings.end());
    out.mappings.insert(out.mappings.end(), part.short_mappings.begin(), part.short_mappings.end());
  }
  // Plain string order, as upstream sorts: container-10-... before container-2-....
  std::stable_sort(out.requests.begin(), out.requests.end(),
                   [](const DeviceRequest& a, const DeviceRequest& b) { return a.name < b.name; });
  return out;
}

std::string bridge_shape_key(const PodSpec& spec) {
  std::string key;
  const auto add = [&](char kind, const Container& c) {
    key += kind;
    key += c.name;
    for (const auto& [resource, quantity] : c.requests) {
      key += '\x1f';
      key += resource;
      key += '=';
      key += quantity.to_string();
    }
    key += '\x1e';
  };
  for (const Container& c : spec.init_containers) {
    add(c.restart_always ? 'S' : 'I', c);
  }
  for (const Container& c : spec.containers) {
    add('C', c);
  }
  return key;
}

}  // namespace drasim::model
