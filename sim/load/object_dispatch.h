#pragma once
/// Decodes one Kubernetes or KAI object document into an ObjectSet by apiVersion and kind: the
/// loader uses it for input files, the timeline for `apply` events.

#include "model/k8s/object_set.h"
#include "sim/load/doc_reader.h"

#include <string>

namespace drasim::sim {

/// What `decode_object` did with a document.
enum class Dispatched {
  kDecoded,  ///< an object was appended (or its errors reported)
  kUnknown,  ///< a kind drasim does not model
};

/// Appends the object at `root` (apiVersion `api`, kind `kind`, neither `List` nor `Scenario`)
/// to `out`; problems are reported through the cursor.
Dispatched decode_object(const Cursor& root, uint32_t file_index, const std::string& api,
                         const std::string& kind, model::ObjectSet& out);

/// An object (or a `List` of them) a timeline event applies: like decode_object, but a kind
/// drasim does not model is an error (the user asked for it explicitly).
void decode_applied(const Cursor& root, uint32_t file_index, model::ObjectSet& out);

}  // namespace drasim::sim
