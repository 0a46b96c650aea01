// STUB: replaced by the importer work.
#include "modak/importer/ModakJson.h"
namespace modak::importer {
std::optional<std::string> importModakJson(const SourceManager&, FileId, Diagnostics&, const ImportOptions&) { return std::nullopt; }
}
