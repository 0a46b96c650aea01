# Writes a C++ source with the names (and docs) the language itself needs from the catalogue — GPU
# models (with their vendor, architecture and native precisions), interconnects, storage classes,
# built-in workloads and the vocabulary (precisions, graph compilers, runtimes) — so that checking a
# file never parses the catalogue's JSON at run time. The full catalogue is still embedded
# (EmbedFile.cmake) for the performance model.
# Invoked at build time:
#   cmake -DOUTPUT=out.cpp -DHARDWARE=hardware.json -DWORKLOADS=workloads.json -DVOCABULARY=vocabulary.json -P …
cmake_minimum_required(VERSION 3.25)

# A C++ string literal of `text`.
function(cxx_literal out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n" text "${text}")
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()

# The value of `field` in `json` at `path…`, or "" when it is absent.
function(json_optional out json field)
  string(JSON value ERROR_VARIABLE missing GET "${json}" ${ARGN} ${field})
  if(missing)
    set(value "")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# Rows `{{"name", "doc"}, "extra", …},` of `section` in `json`, one per entry, in file order; the
# entry's fields named in ARGN follow name and doc (absent ones as ""). Sets <out> and <out>_count.
function(named_rows out json section)
  set(rows "")
  string(JSON count LENGTH "${json}" ${section})
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON name GET "${json}" ${section} ${i} name)
    json_optional(doc "${json}" doc ${section} ${i})
    cxx_literal(nameLit "${name}")
    cxx_literal(docLit "${doc}")
    if(ARGN)
      set(row "    {{${nameLit}, ${docLit}}")
      foreach(field IN LISTS ARGN)
        json_optional(value "${json}" ${field} ${section} ${i})
        cxx_literal(valueLit "${value}")
        string(APPEND row ", ${valueLit}")
      endforeach()
      string(APPEND rows "${row}},\n")
    else()
      string(APPEND rows "    {${nameLit}, ${docLit}},\n")
    endif()
  endforeach()
  set(${out} "${rows}" PARENT_SCOPE)
  set(${out}_count ${count} PARENT_SCOPE)
endfunction()

file(READ "${HARDWARE}" hardware)
file(READ "${WORKLOADS}" workloads)
file(READ "${VOCABULARY}" vocabulary)

set(gpus "")
string(JSON count LENGTH "${hardware}" gpus)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${hardware}" gpus ${i} name)
  string(JSON model GET "${hardware}" gpus ${i} model)
  string(JSON vendor GET "${hardware}" gpus ${i} vendor)
  string(JSON architecture GET "${hardware}" gpus ${i} architecture)
  # The precisions with a peak figure are the ones the GPU computes natively.
  set(precisions "")
  string(JSON nPrec LENGTH "${hardware}" gpus ${i} peak_tflops)
  math(EXPR lastPrec "${nPrec} - 1")
  foreach(j RANGE ${lastPrec})
    string(JSON precision MEMBER "${hardware}" gpus ${i} peak_tflops ${j})
    string(APPEND precisions " ${precision}")
  endforeach()
  string(STRIP "${precisions}" precisions)
  string(JSON doc ERROR_VARIABLE noDoc GET "${hardware}" gpus ${i} doc)
  if(noDoc)
    set(doc "")
  endif()
  cxx_literal(nameLit "${name}")
  if(doc STREQUAL "")
    cxx_literal(docLit "${model}")
  else()
    cxx_literal(docLit "${model}: ${doc}")
  endif()
  # Aliases (the names nvidia-smi, rocm-smi and clouds print) one per line: gpuFacts() matches them.
  set(aliases "")
  string(JSON nAliases ERROR_VARIABLE noAliases LENGTH "${hardware}" gpus ${i} aliases)
  if(NOT noAliases AND nAliases GREATER 0)
    math(EXPR lastAlias "${nAliases} - 1")
    foreach(j RANGE ${lastAlias})
      string(JSON alias GET "${hardware}" gpus ${i} aliases ${j})
      if(j GREATER 0)
        string(APPEND aliases "\n")
      endif()
      string(APPEND aliases "${alias}")
    endforeach()
  endif()
  cxx_literal(modelLit "${model}")
  cxx_literal(aliasesLit "${aliases}")
  string(APPEND gpus "    {{${nameLit}, ${docLit}}, \"${vendor}\", \"${architecture}\", \"${precisions}\", ${modelLit}, ${aliasesLit}},\n")
endforeach()
set(gpuCount ${count})

set(loads "")
string(JSON count LENGTH "${workloads}" workloads)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  foreach(field name kind doc)
    string(JSON ${field} GET "${workloads}" workloads ${i} ${field})
  endforeach()
  # A shaped transformer may leave its figures to the shape (0 here; Transformer.cpp derives them).
  foreach(field parameters flops_per_sample sample_bytes)
    string(JSON ${field} ERROR_VARIABLE missing GET "${workloads}" workloads ${i} ${field})
    if(missing)
      set(${field} 0)
    endif()
  endforeach()
  set(shape "")
  foreach(field layers hidden heads kv_heads ffn vocabulary sequence experts active_experts)
    string(JSON value ERROR_VARIABLE missing GET "${workloads}" workloads ${i} shape ${field})
    if(missing)
      set(value 0)
    endif()
    string(APPEND shape "${value}, ")
  endforeach()
  foreach(field gated_ffn causal tied_embeddings)
    string(JSON value ERROR_VARIABLE missing GET "${workloads}" workloads ${i} shape ${field})
    if(missing)
      if(field STREQUAL "causal")
        set(value true)
      else()
        set(value false)
      endif()
    elseif(value STREQUAL "ON")
      set(value true)
    elseif(value STREQUAL "OFF")
      set(value false)
    endif()
    string(APPEND shape "${value}, ")
  endforeach()
  string(JSON value ERROR_VARIABLE missing GET "${workloads}" workloads ${i} shape mean_sequence)
  if(missing)
    set(value 0)
  endif()
  string(APPEND shape "${value}")
  cxx_literal(nameLit "${name}")
  cxx_literal(kindLit "${kind}")
  cxx_literal(docLit "${doc}")
  string(APPEND loads "    {${nameLit}, ${kindLit}, ${docLit}, ${parameters}, ${flops_per_sample}, ${sample_bytes}, {${shape}}},\n")
endforeach()

named_rows(interconnects "${hardware}" interconnects)
named_rows(storage "${hardware}" storage modak)
named_rows(precisions "${vocabulary}" precisions)
named_rows(compilers "${vocabulary}" graph_compilers)
named_rows(runtimes "${vocabulary}" runtimes image scheduler)

file(WRITE "${OUTPUT}.tmp" "// Generated by cmake/CatalogueNames.cmake from schemas/catalog/; do not edit.
#include \"modak/model/CatalogueNames.h\"

#include <array>

namespace modak::model::data {
namespace {
constexpr std::array<GpuFacts, ${gpuCount}> kGpus = {{
${gpus}}};
constexpr std::array<WorkloadFacts, ${count}> kWorkloads = {{
${loads}}};
constexpr std::array<NamedEntry, ${interconnects_count}> kInterconnects = {{
${interconnects}}};
constexpr std::array<StorageFacts, ${storage_count}> kStorage = {{
${storage}}};
constexpr std::array<NamedEntry, ${precisions_count}> kPrecisions = {{
${precisions}}};
constexpr std::array<NamedEntry, ${compilers_count}> kGraphCompilers = {{
${compilers}}};
constexpr std::array<RuntimeFacts, ${runtimes_count}> kRuntimes = {{
${runtimes}}};
} // namespace

std::span<const GpuFacts> gpuModels() { return kGpus; }
std::span<const WorkloadFacts> workloads() { return kWorkloads; }
std::span<const NamedEntry> interconnects() { return kInterconnects; }
std::span<const StorageFacts> storageClasses() { return kStorage; }
std::span<const NamedEntry> precisions() { return kPrecisions; }
std::span<const NamedEntry> graphCompilers() { return kGraphCompilers; }
std::span<const RuntimeFacts> runtimes() { return kRuntimes; }

} // namespace modak::model::data
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
