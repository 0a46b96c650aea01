// SPDX-License-Identifier: Apache-2.0
//! Renderings of plans, predictions and catalogues for people (text, HTML) and tools (JSON, with
//! schemas in schemas/). Deterministic: the same plan always renders to the same bytes.
#pragma once

#include "modak/model/Catalogue.h"
#include "modak/model/Performance.h"
#include "modak/model/Plan.h"

#include <string>
#include <string_view>

namespace modak::model {

/// `modak plan --format text`: per deployment, the choice, the prediction, why, and a ranked table.
std::string renderPlanText(const Plan& plan);
/// `modak plan --format json` (schemas/plan.schema.json).
std::string renderPlanJson(const Plan& plan, std::string_view file, std::string_view version);
/// `modak plan --format html`: one self-contained page (inline SVG and CSS, no script, no network).
std::string renderPlanHtml(const Plan& plan, std::string_view file, std::string_view version);

/// `modak predict --format text|json` (schemas/predict.schema.json). `inputs` echoes the arguments.
std::string renderPredictionText(const Prediction& p, const Scenario& s);
std::string renderPredictionJson(const Prediction& p, const Scenario& s);

/// `modak catalog [section] --format text|json`; the JSON is a catalogue file
/// (schemas/catalog.schema.json). `section`: "", images, hardware, workloads.
std::string renderCatalogText(const Catalogue& cat, std::string_view section);
std::string renderCatalogJson(const Catalogue& cat, std::string_view section);

/// "6 chained jobs of 1.0 h, checkpoint every 41 min (8602 steps)"; "" when the plan needs
/// neither (the run fits and checkpoints would not pay). Text, HTML and the editor's hover say it
/// so.
std::string resilienceSummary(const DeploymentPlan& plan);

/// A candidate's configuration in a few words: its image (name, else reference; the host's
/// framework with `runtime = none`; "(no container)") and graph compiler: "ngc_pytorch_23_10 +
/// inductor", "host pytorch 1.13".
std::string candidateName(const Candidate& c);

/// Formats a duration for people: "42.0 s", "3.5 min", "2.1 h", "1.5 d".
std::string formatSeconds(double seconds);

/// A run time and its interval: the interval of a candidate's throughput carried over to a run of
/// `seconds` (time goes as 1 / throughput); low = high = seconds without an interval.
struct RunTime {
    double seconds = 0, low = 0, high = 0;
};
RunTime runTime(const Candidate& c, double seconds);
/// "1.5 h (1.2–1.9 h)"; just "1.5 h" when the interval is empty. (ReportHtml.cpp)
std::string runTimeText(const RunTime& t);
/// What a site of a deployment over several targets runs on: "8 × h100_sxm5_80gb:8
/// (p5.48xlarge)", "4 nodes". (ReportHtml.cpp)
std::string siteResources(const SiteOption& s);

} // namespace modak::model
