// SPDX-License-Identifier: Apache-2.0
// `modak plan --format html`: one self-contained page per plan — inline CSS and SVG, no script, no
// network — with the choice, the explanation, scaling charts and the ranked alternatives.
#include "modak/model/Accuracy.h"
#include "modak/model/Report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace modak::model {
namespace {

std::string escapeHtml(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

/// A finite number for SVG coordinates: NaN and infinities never reach the page.
double finite(double v) {
    return std::isfinite(v) ? v : 0.0;
}

constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c"};

std::string scaleLabel(const Candidate& c) {
    if (c.amdahl)
        return fmt::format("{} × {} ranks", c.nodes, c.ranksPerNode);
    if (c.gpusPerNode > 0)
        return fmt::format("{} × {} GPU", c.nodes, c.gpusPerNode);
    if (c.ranksPerNode > 1)
        return fmt::format("{} × {} ranks (CPU)", c.nodes, c.ranksPerNode);
    return fmt::format("{} node{} (CPU)", c.nodes, c.nodes == 1 ? "" : "s");
}

struct Axis {
    double lo = 0, hi = 1;
    bool log2 = false;
    double map(double v, double from, double to) const {
        double a = log2 ? std::log2(std::max(v, 1e-12)) : v,
               l = log2 ? std::log2(std::max(lo, 1e-12)) : lo,
               h = log2 ? std::log2(std::max(hi, 1e-12)) : hi;
        double t = h > l ? (a - l) / (h - l) : 0.5;
        return finite(from + t * (to - from));
    }
};

/// One line chart of `value(point)` against devices for every curve; `percent` draws 0..100 %.
template<typename ValueFn>
std::string lineChart(const std::vector<ScalingCurve>& curves, const Candidate& chosen,
                      std::string_view title, std::string_view yTitle, ValueFn value,
                      bool percent) {
    constexpr double W = 640, H = 300, L = 70, R = 20, T = 30, B = 50;
    std::set<int> devices;
    double ymax = 0;
    for (const auto& c : curves)
        for (const auto& p : c.points) {
            devices.insert(p.devices);
            ymax = std::max(ymax, finite(value(p)));
        }
    std::string svg = fmt::format("<svg viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\" "
                                  "aria-label=\"{}\"><title>{}</title>\n",
                                  W, H, escapeHtml(title), escapeHtml(title));
    if (devices.empty()) {
        svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">no data</text></svg>\n",
                           W / 2, H / 2);
        return svg;
    }
    Axis x{static_cast<double>(*devices.begin()), static_cast<double>(*devices.rbegin()), false};
    x.log2 = x.lo > 0 && x.hi / x.lo > 8;
    Axis y{0, percent ? 1.0 : (ymax > 0 ? ymax * 1.1 : 1.0), false};
    svg += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/><line "
                       "class=\"axis\" x1=\"{0}\" "
                       "y1=\"{3}\" x2=\"{0}\" y2=\"{1}\"/>\n",
                       L, H - B, W - R, T);
    for (int d : devices) {
        double px = x.map(d, L, W - R);
        svg += fmt::format(
            "<text class=\"tick\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", px,
            H - B + 16, d);
    }
    for (int i = 0; i <= 4; ++i) {
        double v = y.hi * i / 4, py = y.map(v, H - B, T);
        std::string label = percent ? fmt::format("{:.0f} %", v * 100) : fmt::format("{:.3g}", v);
        svg += fmt::format("<line class=\"grid\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" "
                           "y2=\"{:.1f}\"/><text class=\"tick\" x=\"{}\" "
                           "y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                           L, py, W - R, py, L - 6, py + 4, label);
    }
    if (percent) {
        double py = y.map(1.0, H - B, T);
        svg +=
            fmt::format("<line class=\"ideal\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>\n",
                        L, py, W - R, py);
    }
    svg += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">devices "
                       "(GPUs, or CPU sockets){}</text>\n",
                       (L + W - R) / 2, H - 10, x.log2 ? ", log scale" : "");
    svg += fmt::format("<text class=\"label\" transform=\"translate(16 {}) rotate(-90)\" "
                       "text-anchor=\"middle\">{}</text>\n",
                       (T + H - B) / 2, escapeHtml(yTitle));
    for (size_t i = 0; i < curves.size(); ++i) {
        const auto& c = curves[i];
        const char* colour = kColours[i % 3];
        std::string points;
        for (const auto& p : c.points)
            points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ",
                                  x.map(p.devices, L, W - R), y.map(finite(value(p)), H - B, T));
        svg += fmt::format(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", colour,
            points);
        for (const auto& p : c.points) {
            bool isChosen =
                i == 0 && p.nodes == chosen.nodes && p.gpusPerNode == chosen.gpusPerNode;
            svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" "
                               "fill=\"{}\"{}><title>{} node{} × {} GPU: {}</title></circle>\n",
                               x.map(p.devices, L, W - R), y.map(finite(value(p)), H - B, T),
                               isChosen ? 7 : 4, colour, isChosen ? " class=\"chosen\"" : "",
                               p.nodes, p.nodes == 1 ? "" : "s", p.gpusPerNode,
                               percent ? fmt::format("{:.1f} %", finite(value(p)) * 100)
                                       : fmt::format("{:.4g}", finite(value(p))));
        }
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text "
                           "class=\"legend\" x=\"{}\" "
                           "y=\"{}\">{}</text>\n",
                           L + 10, T + 4 + 18 * i, colour, L + 28, T + 14 + 18 * i,
                           escapeHtml(c.label));
    }
    return svg + "</svg>\n";
}

/// Horizontal stacked bars of the step time (compute, communication, I/O) per point of a curve.
std::string stackedBars(const ScalingCurve& curve) {
    constexpr double W = 640, L = 120, R = 20, barH = 18, gap = 8, T = 30;
    const double H = T + curve.points.size() * (barH + gap) + 40;
    double maxStep = 0;
    for (const auto& p : curve.points)
        maxStep = std::max(maxStep, finite(p.step.compute) + finite(p.step.communication) +
                                        finite(p.step.io));
    std::string svg = fmt::format(
        "<svg viewBox=\"0 0 {} {:.0f}\" width=\"100%\" role=\"img\" aria-label=\"step time "
        "breakdown\"><title>Step time: compute, communication, I/O</title>\n",
        W, H);
    const char* colours[] = {"#1f77b4", "#ff7f0e", "#7f7f7f"};
    const char* names[] = {"compute", "communication", "I/O"};
    for (int i = 0; i < 3; ++i)
        svg += fmt::format("<rect x=\"{}\" y=\"6\" width=\"12\" height=\"12\" fill=\"{}\"/><text "
                           "class=\"legend\" x=\"{}\" "
                           "y=\"16\">{}</text>\n",
                           L + 140 * i, colours[i], L + 140 * i + 18, names[i]);
    double y = T;
    for (const auto& p : curve.points) {
        double parts[] = {finite(p.step.compute), finite(p.step.communication), finite(p.step.io)};
        double x = L;
        svg += fmt::format(
            "<text class=\"tick\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{} × {} GPU</text>\n",
            L - 6, y + barH - 5, p.nodes, p.gpusPerNode);
        for (int i = 0; i < 3; ++i) {
            double w = maxStep > 0 ? parts[i] / maxStep * (W - L - R) : 0;
            if (w > 0)
                svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" "
                                   "fill=\"{}\"><title>{}: "
                                   "{:.4f} s</title></rect>\n",
                                   x, y, w, barH, colours[i], names[i], parts[i]);
            x += w;
        }
        y += barH + gap;
    }
    svg += fmt::format("<text class=\"label\" x=\"{}\" y=\"{:.0f}\" text-anchor=\"middle\">seconds "
                       "per step (longest: "
                       "{:.4f} s)</text>\n",
                       (L + W - R) / 2, H - 10, maxStep);
    return svg + "</svg>\n";
}

std::string alternativesTable(const DeploymentPlan& d) {
    std::string out =
        "<table><thead><tr><th>configuration</th><th>scale</th><th class=\"num\">samples/s</th>"
        "<th class=\"num\">efficiency</th><th>why not chosen</th></tr></thead><tbody>\n";
    for (const auto& a : d.alternatives) {
        bool infeasible = !a.predicted;
        out += fmt::format(
            "<tr{}><td>{}</td><td>{}</td><td class=\"num\">{}</td><td "
            "class=\"num\">{}</td><td>{}</td></tr>\n",
            infeasible ? " class=\"infeasible\"" : "", escapeHtml(candidateName(a)),
            escapeHtml(scaleLabel(a)),
            a.predicted ? fmt::format("{:.1f}", finite(a.predicted->throughput)) : "–",
            a.predicted ? fmt::format("{:.0f} %", finite(a.predicted->efficiency) * 100) : "–",
            escapeHtml(a.rejectedBecause));
    }
    return out + "</tbody></table>\n";
}

std::string deploymentSection(const DeploymentPlan& d) {
    std::string out = fmt::format(
        "<section id=\"{}\">\n<h2>{}</h2>\n<p class=\"meta\">application <b>{}</b> on target "
        "<b>{}</b>{}</p>\n",
        escapeHtml(d.name), escapeHtml(d.name), escapeHtml(d.application), escapeHtml(d.target),
        d.workload.empty() ? "" : ", workload <b>" + escapeHtml(d.workload) + "</b>");
    if (!d.chosen) {
        out += "<div class=\"noplan\"><b>No plan:</b> no candidate meets the constraints.<ul>\n";
        for (size_t i = 0; i < d.alternatives.size() && i < 5; ++i)
            out += fmt::format("<li>{}: {}</li>\n", escapeHtml(candidateName(d.alternatives[i])),
                               escapeHtml(d.alternatives[i].rejectedBecause));
        return out + "</ul></div>\n</section>\n";
    }
    const Candidate& c = *d.chosen;
    const Prediction p = c.predicted.value_or(Prediction{});
    out += "<div class=\"choice\"><table>\n";
    auto row = [&](std::string_view k, const std::string& v) {
        out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", k, v);
    };
    row("image", escapeHtml(c.imageName.empty() ? "(none)" : c.imageName) +
                     (c.reference.empty() ? "" : " <code>" + escapeHtml(c.reference) + "</code>"));
    row("build", escapeHtml(c.build));
    row("graph compiler", escapeHtml(c.graphCompiler));
    row("runtime", escapeHtml(c.runtime));
    row("scale", escapeHtml(scaleLabel(c)));
    if (c.amdahl) {
        row("speedup", fmt::format("{:.2f} × one rank", finite(p.throughput)));
    } else if (c.predicted) {
        row("precision", escapeHtml(c.precision));
        if (c.batchPerDevice)
            row("batch per device", fmt::format("{}", *c.batchPerDevice));
        row("throughput", fmt::format("{:.1f} samples/s", finite(p.throughput)));
        if (!p.interval.stratum.empty())
            row("interval", escapeHtml(intervalText(p.interval)));
        if (!p.interval.extrapolations.empty()) {
            std::string what = extrapolationList(p.interval);
            row("extrapolates", "<span class=\"warn\">" + escapeHtml(what) +
                                    "</span> (not in the calibration data)");
        }
        if (p.epochSeconds > 0)
            row("time per epoch", escapeHtml(formatSeconds(p.epochSeconds)));
        if (d.totalSeconds > 0)
            row("total", escapeHtml(fmt::format("{} for {} epoch{}", formatSeconds(d.totalSeconds),
                                                d.epochs, d.epochs == 1 ? "" : "s")));
        if (std::string r = resilienceSummary(d); !r.empty())
            row("walltime and checkpoints", escapeHtml(r));
    }
    if (c.predicted)
        row("efficiency", fmt::format("{:.0f} %", finite(p.efficiency) * 100));
    else
        row("prediction", "none: the application names no workload");
    out += "</table></div>\n";
    if (!d.explanation.empty()) {
        out += "<h3>Why</h3><ul>\n";
        for (const auto& e : d.explanation)
            out += "<li>" + escapeHtml(e) + "</li>\n";
        out += "</ul>\n";
    }
    if (!d.curves.empty()) {
        out += "<h3>Scaling</h3><div class=\"charts\">\n";
        bool epochs =
            std::any_of(d.curves.front().points.begin(), d.curves.front().points.end(),
                        [](const ScalingCurve::Point& pt) { return pt.epochSeconds > 0; });
        if (epochs)
            out += lineChart(
                d.curves, c, "Time per epoch against devices", "seconds per epoch",
                [](const ScalingCurve::Point& pt) { return pt.epochSeconds; }, false);
        else
            out += lineChart(
                d.curves, c, "Throughput against devices", "samples/s",
                [](const ScalingCurve::Point& pt) { return pt.throughput; }, false);
        out += lineChart(
            d.curves, c, "Scaling efficiency against devices", "parallel efficiency",
            [](const ScalingCurve::Point& pt) { return pt.efficiency; }, true);
        out += stackedBars(d.curves.front());
        out += "</div>\n";
    }
    if (!d.alternatives.empty())
        out += "<h3>Alternatives</h3>\n" + alternativesTable(d);
    return out + "</section>\n";
}

constexpr const char* kStyle = R"(<style>
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #666; --line: #ccc; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #161616; --muted: #9a9a9a; --line: #444; } }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); max-width: 1100px; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid var(--line); padding-bottom: .2em; margin-top: 2em; }
.meta, footer { color: var(--muted); }
table { border-collapse: collapse; margin: .5em 0; } th, td { text-align: left; padding: .25em .7em; border-bottom: 1px solid var(--line); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.infeasible td { color: var(--muted); }
.warn { color: #b35900; font-weight: 600; }
.noplan { border: 2px solid #d62728; padding: .5em 1em; border-radius: 6px; }
.charts svg { max-width: 720px; display: block; margin: 1em 0; }
svg text { fill: var(--fg); font-size: 12px; } svg .axis { stroke: var(--fg); } svg .grid { stroke: var(--line); stroke-width: .5; }
svg .ideal { stroke: var(--muted); stroke-dasharray: 6 4; } svg .chosen { stroke: var(--fg); stroke-width: 2; }
code { font-size: .9em; }
@media print { .charts svg { break-inside: avoid; } }
</style>
)";

} // namespace

std::string renderPlanHtml(const Plan& plan, std::string_view file, std::string_view version) {
    std::string out = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<title>modak plan: {}</title>\n", escapeHtml(file));
    out += kStyle;
    out +=
        fmt::format("</head>\n<body>\n<h1>modak plan for <code>{}</code></h1>\n", escapeHtml(file));
    if (plan.deployments.empty())
        out += "<p>No deployments to plan.</p>\n";
    if (plan.deployments.size() > 1) {
        out += "<nav><ul>\n";
        for (const auto& d : plan.deployments)
            out += fmt::format("<li><a href=\"#{}\">{}</a>{}</li>\n", escapeHtml(d.name),
                               escapeHtml(d.name), d.chosen ? "" : " (no plan)");
        out += "</ul></nav>\n";
    }
    for (const auto& d : plan.deployments)
        out += deploymentSection(d);
    out += fmt::format(
        "<footer><p>Generated by modak {} from <code>{}</code>. Predictions come from the embedded "
        "performance model (docs/model.md).</p></footer>\n</body>\n</html>\n",
        escapeHtml(version), escapeHtml(file));
    return out;
}

} // namespace modak::model
