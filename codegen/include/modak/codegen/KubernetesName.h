// SPDX-License-Identifier: Apache-2.0
//! Kubernetes object names, shared by the manifests and the benchmark sweeps' Indexed Jobs.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace modak::codegen {

/// A name Kubernetes accepts as a DNS-1123 label: lower case, [a-z0-9-], at most `max` characters.
std::string kubernetesName(std::string_view text, size_t max = 52);

} // namespace modak::codegen
