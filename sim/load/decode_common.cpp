#include "sim/load/decode_common.h"

#include "model/k8s/name_rules.h"
#include "model/k8s/rfc3339.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::sim {

model::SourceRef source_of(const Cursor& c, uint32_t file_index) {
  return model::SourceRef{file_index, c.mark().line, c.mark().col};
}

namespace {

/// `metadata.creationTimestamp` or `deletionTimestamp`: kept as written, but only if it reads as
/// an RFC 3339 time (a creation time orders DeviceClasses competing for one extended resource
/// name, KEP-5004; a deletion time marks an object being deleted). Absent or null is fine
/// (kubectl writes `creationTimestamp: null` in templates).
std::string decode_timestamp(const Cursor& c) {
  if (!c.present()) {
    return {};
  }
  constexpr std::string_view kExpected = "an RFC 3339 time such as 2026-01-02T03:04:05Z";
  if (!c.is_scalar() || !model::parse_rfc3339(c.node()->scalar)) {
    c.error(kExpected);
    return {};
  }
  return std::string(c.node()->scalar);
}

/// `name` with a final `-` read as a letter: generateName is a prefix (the API server's
/// maskTrailingDash), and the random suffix follows the dash.
std::string as_prefix(std::string name) {
  if (name.size() > 1 && name.back() == '-') {
    name.back() = 'a';
  }
  return name;
}

constexpr const char* kSubdomain =
    "a lower-case RFC 1123 name (letters, digits, '-' and '.', at most 253 characters)";

/// Labels and annotations as the API server checks them: qualified-name keys, label values of
/// at most 63 characters. Annotation values may hold any text (messages escape it).
void check_label_keys(const Cursor& map, bool values_too) {
  for (const auto& [key, value] : map.entries("a mapping of strings")) {
    if (!model::is_qualified_name(key)) {
      value.error(
          "a key of an optional DNS prefix and '/', then at most 63 letters, digits, "
          "'-', '_' or '.'",
          quote(key));
    } else if (values_too && value.present() && !model::is_label_value(value.str())) {
      value.error("a label value of at most 63 letters, digits, '-', '_' or '.'");
    }
  }
}

void decode_labels(const Cursor& m, model::ObjectMeta& meta) {
  meta.labels = m["labels"].string_map();
  meta.annotations = m["annotations"].string_map();
  check_label_keys(m["labels"], true);
  check_label_keys(m["annotations"], false);
}

}  // namespace

model::ObjectMeta decode_template_meta(const Cursor& tmpl, uint32_t file_index) {
  model::ObjectMeta meta;
  meta.source = source_of(tmpl, file_index);
  const Cursor m = tmpl["metadata"];
  if (m.present() && m.expect_map()) {
    decode_labels(m, meta);
  }
  return meta;
}

model::ObjectMeta decode_meta(const Cursor& object, uint32_t file_index, bool namespaced) {
  model::ObjectMeta meta;
  const Cursor m = object["metadata"];
  meta.source = source_of(object, file_index);
  if (!m.present()) {
    m.error("metadata with a name");
    return meta;
  }
  if (!m.expect_map()) {
    return meta;
  }
  meta.name = m["name"].str();
  meta.generate_name = m["generateName"].str();
  if (meta.name.empty() && meta.generate_name.empty()) {
    m["name"].error("a name");
  }
  if (meta.name.empty()) {
    // The API server would append a random suffix; we keep the prefix as the name so the object
    // stays addressable and deterministic.
    meta.name = meta.generate_name;
  }
  if (!meta.name.empty() && !model::is_dns_subdomain(as_prefix(meta.name))) {
    (m["name"].present() ? m["name"] : m["generateName"]).error(kSubdomain);
  }
  meta.namespace_name = m["namespace"].str();
  if (!meta.namespace_name.empty() && !model::is_dns_label(meta.namespace_name)) {
    m["namespace"].error(
        "a lower-case RFC 1123 label (letters, digits and '-', at most 63 "
        "characters)");
  }
  if (namespaced && meta.namespace_name.empty()) {
    meta.namespace_name = "default";
  }
  meta.uid = m["uid"].str();
  decode_labels(m, meta);
  meta.finalizers = m["finalizers"].string_list();
  meta.creation_timestamp = decode_timestamp(m["creationTimestamp"]);
  meta.deletion_timestamp = decode_timestamp(m["deletionTimestamp"]);
  for (const Cursor& owner : m["ownerReferences"].items()) {
    meta.owner_references.push_back(
        model::OwnerReference{owner["apiVersion"].str(), owner["kind"].str(), owner["name"].str(),
                              owner["uid"].str(), owner["controller"].boolean(false)});
  }
  const Cursor at = m["annotations"]["drasim.dev/at"];
  if (const auto d = at.duration()) {
    meta.appear_us = d->us;
  }
  return meta;
}

model::TaintEffect decode_taint_effect(const Cursor& c, bool allow_none) {
  if (allow_none) {
    return c.one_of<model::TaintEffect>({{"NoSchedule", model::TaintEffect::kNoSchedule},
                                         {"NoExecute", model::TaintEffect::kNoExecute},
                                         {"None", model::TaintEffect::kNone}},
                                        model::TaintEffect::kNoSchedule);
  }
  return c.one_of<model::TaintEffect>({{"NoSchedule", model::TaintEffect::kNoSchedule},
                                       {"PreferNoSchedule", model::TaintEffect::kPreferNoSchedule},
                                       {"NoExecute", model::TaintEffect::kNoExecute}},
                                      model::TaintEffect::kNoSchedule);
}

model::Taint decode_taint(const Cursor& c, bool allow_none) {
  model::Taint t;
  c.expect_map();
  t.key = c["key"].required_str("a taint key");
  t.value = c["value"].str();
  if (!c["effect"].present()) {
    c["effect"].error(allow_none ? "one of NoSchedule, NoExecute, None"
                                 : "one of NoSchedule, PreferNoSchedule, NoExecute");
  }
  t.effect = decode_taint_effect(c["effect"], allow_none);
  return t;
}

std::vector<model::Taint> decode_taints(const Cursor& c, bool allow_none) {
  std::vector<model::Taint> out;
  for (const Cursor& item : c.items()) {
    out.push_back(decode_taint(item, allow_none));
  }
  return out;
}

model::Toleration decode_toleration(const Cursor& item) {
  model::Toleration t;
  item.expect_map();
  t.key = item["key"].str();
  t.op = item["operator"].one_of<model::TolerationOperator>(
      {{"Equal", model::TolerationOperator::kEqual},
       {"Exists", model::TolerationOperator::kExists}},
      model::TolerationOperator::kEqual);
  t.value = item["value"].str();
  if (item["effect"].present() && !item["effect"].str().empty()) {
    t.effect = decode_taint_effect(item["effect"], false);
  }
  if (t.op == model::TolerationOperator::kExists && !t.value.empty()) {
    item["value"].error("no value with operator Exists");
  }
  if (t.key.empty() && t.op != model::TolerationOperator::kExists) {
    item["operator"].error("Exists when the key is empty", "\"Equal\"");
  }
  t.toleration_seconds = item["tolerationSeconds"].integer();
  return t;
}

std::vector<model::Toleration> decode_tolerations(const Cursor& c) {
  std::vector<model::Toleration> out;
  for (const Cursor& item : c.items()) {
    out.push_back(decode_toleration(item));
  }
  return out;
}

std::vector<model::NodeSelectorRequirement> decode_requirements(const Cursor& c) {
  std::vector<model::NodeSelectorRequirement> out;
  for (const Cursor& item : c.items()) {
    model::NodeSelectorRequirement r;
    item.expect_map();
    r.key = item["key"].required_str("a label key");
    if (!item["operator"].present()) {
      item["operator"].error("one of In, NotIn, Exists, DoesNotExist, Gt, Lt");
    }
    r.op = item["operator"].one_of<model::SelectorOperator>(
        {{"In", model::SelectorOperator::kIn},
         {"NotIn", model::SelectorOperator::kNotIn},
         {"Exists", model::SelectorOperator::kExists},
         {"DoesNotExist", model::SelectorOperator::kDoesNotExist},
         {"Gt", model::SelectorOperator::kGt},
         {"Lt", model::SelectorOperator::kLt}},
        model::SelectorOperator::kIn);
    r.values = item["values"].string_list();
    const bool needs_values =
        r.op == model::SelectorOperator::kIn || r.op == model::SelectorOperator::kNotIn
        || r.op == model::SelectorOperator::kGt || r.op == model::SelectorOperator::kLt;
    if (needs_values && r.values.empty()) {
      item["values"].error("at least one value for this operator");
    }
    if (!needs_values && !r.values.empty()) {
      item["values"].error("no values for Exists or DoesNotExist", "a list");
    }
    out.push_back(std::move(r));
  }
  return out;
}

model::NodeSelectorTerm decode_selector_term(const Cursor& c) {
  model::NodeSelectorTerm term;
  c.expect_map();
  term.match_expressions = decode_requirements(c["matchExpressions"]);
  term.match_fields = decode_requirements(c["matchFields"]);
  for (size_t i = 0; i < term.match_fields.size(); ++i) {
    if (term.match_fields[i].key != "metadata.name") {
      c["matchFields"].items()[i]["key"].error("metadata.name");
    }
  }
  return term;
}

std::optional<model::NodeSelector> decode_node_selector(const Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  model::NodeSelector selector;
  c.expect_map();
  for (const Cursor& term : c["nodeSelectorTerms"].items()) {
    selector.terms.push_back(decode_selector_term(term));
  }
  return selector;
}

std::optional<int64_t> decode_duration_us(const Cursor& c) {
  if (const auto d = c.duration()) {
    return d->us;
  }
  return std::nullopt;
}

std::optional<int64_t> signed_duration_us(const Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  const std::string text = c.str();
  if (!text.empty() && text[0] == '-') {
    if (const auto d = parse_duration(std::string_view(text).substr(1))) {
      return -d->us;
    }
    c.error("a duration such as 250ms, 90s, 5m or 6h");
    return std::nullopt;
  }
  return decode_duration_us(c);
}

std::optional<int64_t> decode_replicas(const Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  const std::string text = c.str();
  int64_t value = 0;
  for (const char ch : text) {
    if (ch < '0' || ch > '9' || value > 1'000'000'000) {
      value = -1;
      break;
    }
    value = value * 10 + (ch - '0');
  }
  if (text.empty() || value < 1 || value > 1'000'000) {
    c.error("a whole number of copies from 1 to 1000000");
    return std::nullopt;
  }
  return value;
}

std::optional<double> decode_percentage(const Cursor& c, int max_percent) {
  const std::string expected = fmt::format("a percentage from 0% to {}%, such as 10%", max_percent);
  if (!c.is_scalar()) {
    c.error(expected);
    return std::nullopt;
  }
  const std::string text = c.str();
  if (text.size() < 2 || text.back() != '%') {
    c.error(expected, quote(text));
    return std::nullopt;
  }
  const std::string digits = text.substr(0, text.size() - 1);
  const bool decimal = std::all_of(digits.begin(), digits.end(),
                                   [](char ch) { return (ch >= '0' && ch <= '9') || ch == '.'; })
                       && std::count(digits.begin(), digits.end(), '.') <= 1
                       && digits.front() != '.' && digits.back() != '.';
  const double percent = decimal ? std::stod(digits) : -1;
  if (percent < 0 || percent > max_percent) {
    c.error(expected, quote(text));
    return std::nullopt;
  }
  return percent / 100;
}

}  // namespace drasim::sim
