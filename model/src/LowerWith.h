// SPDX-License-Identifier: Apache-2.0
//! Lowering a deployment whose application a caller has already lowered (model-internal).
#pragma once

#include "modak/model/Deployment.h"

namespace modak::model {

/// lowerDeployment(program, symbol, catalogue, site), with `application` taken as what
/// lowerDeploymentApplication(app, symbol) returned instead of lowering it again: the launch
/// checks lower each deployment's application first to decide whether it is planned at all.
Deployment lowerDeploymentWith(const Program& program, const Symbol& symbol,
                               const Catalogue& catalogue, size_t site, Application&& application);

} // namespace modak::model
