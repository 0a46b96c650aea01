// SPDX-License-Identifier: Apache-2.0
//! How SkyPilot and dstack name what the catalogue names: GPUs and clouds. The one table the
//! emitters (codegen/src/Launchers.cpp) and the importers (importer/src/Launchers.cpp) read, so a
//! file written and read back names the same GPU.
#pragma once

#include <span>
#include <string_view>

namespace modak::codegen {

/// One GPU: the catalogue's name, SkyPilot's accelerator name (`sky show-gpus`) and dstack's GPU
/// name (`dstack offer`), with the memory where dstack's name alone leaves it open
/// (`A100:80GB`). "" where the launcher has no name for it.
struct LauncherGpuName {
    std::string_view catalogue, skypilot, dstack;
};

/// Every catalogue GPU a launcher has a name for; the first row of a launcher name is the one an
/// import chooses (SkyPilot's `V100` is the SXM2 card clouds offer).
std::span<const LauncherGpuName> launcherGpuNames();

/// How the node script of both files begins: the importers recognise a file modak wrote by it (and
/// take the application's command back from its `command='…'` line).
inline constexpr std::string_view kNodeScriptMarker = "# modak node script: ";

/// A region or instance type both launchers read as a name: letters, digits, '-', '_' and '.'.
bool launcherName(std::string_view name);

/// The clouds a target's `cloud` names that both launchers provision (aws, gcp, azure):
/// SkyPilot's `infra` and dstack's `backends` spell them as the language does.
bool launcherCloud(std::string_view cloud);

} // namespace modak::codegen
