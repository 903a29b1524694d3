#pragma once
/// Names the API server would generate (`metadata.generateName` plus five random characters),
/// made deterministic: the suffix is a hash of the scenario seed and the generateName base, so
/// it does not depend on the order in which objects are created.

#include <cstdint>
#include <string>
#include <string_view>

namespace drasim::model {

/// A well-mixed 64-bit hash of `seed`, `salt` and `text`: the deterministic "randomness" of a
/// run (generated names, binder faults' draws).
[[nodiscard]] uint64_t seeded_hash(uint64_t seed, std::string_view text, uint32_t salt = 0);

/// Five characters from the alphabet of k8s.io/apimachinery/pkg/util/rand.String
/// ("bcdfghjklmnpqrstvwxz2456789": no vowels, no confusable digits), derived from
/// `seed`, `base` and `salt` (raise the salt to get another name for the same base).
[[nodiscard]] std::string name_suffix(uint64_t seed, std::string_view base, uint32_t salt = 0);

/// generateName of a claim created from a template for a pod (the ResourceClaim controller,
/// pkg/controller/resourceclaim/controller.go): `<pod>-<pod claim>-`, and when that exceeds 57
/// characters both parts truncated in proportion to their lengths, joined by one hyphen and
/// without the trailing one.
[[nodiscard]] std::string template_claim_generate_name(std::string_view pod,
                                                       std::string_view pod_claim);

}  // namespace drasim::model
