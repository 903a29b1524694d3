#pragma once
/// The API server's rules for names and labels (k8s.io/apimachinery/pkg/util/validation:
/// IsDNS1123Subdomain, IsDNS1123Label, IsQualifiedName, IsValidLabelValue). The loader applies
/// them to every object's metadata, so no name can carry a control byte into a terminal or a
/// report; KEP-5004 applies them to extended resource names.

#include <cstddef>
#include <string>
#include <string_view>

namespace drasim::model {

/// At most `max_size` (253) characters of lower-case letters, digits, `-` and `.`, each
/// dot-separated part starting and ending with a letter or digit (object names of most kinds).
[[nodiscard]] bool is_dns_subdomain(std::string_view s, size_t max_size = 253);

/// At most 63 characters of lower-case letters, digits and `-`, starting and ending with a
/// letter or digit (Namespace names).
[[nodiscard]] bool is_dns_label(std::string_view s);

/// At most 63 characters of letters, digits, `-`, `_` and `.`, starting and ending with a
/// letter or digit: the name part of a qualified name.
[[nodiscard]] bool is_qualified_name_part(std::string_view s);

/// An optional DNS subdomain prefix and `/`, then a name part (label and annotation keys).
[[nodiscard]] bool is_qualified_name(std::string_view s);

/// Empty, or at most 63 characters of letters, digits, `-`, `_` and `.`, starting and ending
/// with a letter or digit.
[[nodiscard]] bool is_label_value(std::string_view s);

/// `s` with ASCII letters lower-cased (Go's strings.ToLower on the ASCII names KAI compares).
[[nodiscard]] std::string ascii_lower(std::string_view s);

}  // namespace drasim::model
