// SPDX-License-Identifier: Apache-2.0
// `modak plan --format html`: one self-contained page per plan — inline CSS and SVG, no script, no
// network — with the choice, the explanation, scaling charts and the ranked alternatives.
#include "modak/model/Accuracy.h"
#include "modak/model/Report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <optional>
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

constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b"};

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

/// A chart's two axes and their titles, in a `w`×`h` box with margins left, right, top, bottom.
std::string axes(double w, double h, double l, double r, double t, double b,
                 std::string_view xTitle, std::string_view yTitle) {
    return fmt::format(
        "<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/><line class=\"axis\" "
        "x1=\"{0}\" y1=\"{3}\" x2=\"{0}\" y2=\"{1}\"/>\n<text class=\"label\" x=\"{4}\" y=\"{5}\" "
        "text-anchor=\"middle\">{6}</text>\n<text class=\"label\" transform=\"translate(16 {7}) "
        "rotate(-90)\" text-anchor=\"middle\">{8}</text>\n",
        l, h - b, w - r, t, (l + w - r) / 2, h - 10, escapeHtml(xTitle), (t + h - b) / 2,
        escapeHtml(yTitle));
}

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
    svg +=
        axes(W, H, L, R, T, B,
             fmt::format("devices (GPUs, or CPU sockets){}", x.log2 ? ", log scale" : ""), yTitle);
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

/// One candidate on the time-vs-cost chart.
struct CostPoint {
    RunTime time;
    double cost = 0, low = 0, high = 0;
    std::string what; ///< "8 × 8 GPU, ngc_pytorch_24_05"
    bool chosen = false, refused = false;
    int rank = 0; ///< a site's own choice: its place in the fallback order
};
struct CostSeries {
    std::string label;
    std::vector<CostPoint> points;
};

/// The amount a chart of costs in `unit` (a currency, else allocation units) shows for `c`.
std::optional<std::array<double, 3>> costOn(const CostEstimate& c, const std::string& unit) {
    if (c.hasMoney() && c.currency == unit)
        return std::array{c.amount, c.low, c.high};
    if (!c.unit.empty() && c.unit == unit)
        return std::array{c.units, c.unitsLow, c.unitsHigh};
    return std::nullopt;
}

/// One series of a site's (or the one target's) priced candidates: the best of each scale (the
/// plan ranks them, chosen first), those refused by the budget or the deadline hollow.
CostSeries costSeries(const DeploymentPlan& p, const std::string& label, const std::string& unit,
                      int rank) {
    CostSeries series{label, {}};
    std::set<std::pair<int, int>> scales;
    auto add = [&](const Candidate& c, bool chosen) {
        if (!c.cost || !scales.insert({c.nodes, c.gpusPerNode}).second)
            return;
        auto amount = costOn(*c.cost, unit);
        if (!amount)
            return;
        CostPoint pt;
        pt.time = runTime(c, c.cost->seconds);
        pt.cost = (*amount)[0];
        pt.low = (*amount)[1];
        pt.high = (*amount)[2];
        pt.what = scaleLabel(c) + ", " + candidateName(c);
        pt.chosen = chosen;
        pt.rank = chosen ? rank : 0;
        pt.refused = c.rejection == Candidate::Rejection::Budget ||
                     c.rejection == Candidate::Rejection::Deadline;
        series.points.push_back(std::move(pt));
    };
    if (p.chosen)
        add(*p.chosen, true);
    for (const auto& c : p.alternatives)
        add(c, false);
    return series;
}

/// 1, 2 or 5 × a power of ten: a tick step near `raw`.
double niceStep(double raw) {
    if (!(raw > 0))
        return 1;
    double mag = std::pow(10.0, std::floor(std::log10(raw))), f = raw / mag;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/// Durations for the ticks of a logarithmic time axis.
constexpr double kTimeTicks[] = {1,         2,          5,          10,         20,    30,
                                 60,        120,        300,        600,        1200,  1800,
                                 3600,      7200,       4 * 3600,   10 * 3600,  86400, 2 * 86400,
                                 5 * 86400, 10 * 86400, 30 * 86400, 100 * 86400};

/// A tick's duration in round units: "30 s", "20 min", "4 h", "2 d".
std::string tickDuration(double s) {
    if (s >= 86400)
        return fmt::format("{:g} d", s / 86400);
    if (s >= 3600)
        return fmt::format("{:g} h", s / 3600);
    if (s >= 60)
        return fmt::format("{:g} min", s / 60);
    return fmt::format("{:g} s", s);
}

/// A marker of series `i` (shape and colour both say which: readable without colour).
std::string marker(size_t i, double x, double y, double r, bool hollow, std::string_view extra) {
    const char* colour = kColours[i % std::size(kColours)];
    std::string paint =
        hollow ? fmt::format("fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"", colour)
               : fmt::format("fill=\"{}\"", colour);
    switch (i % 4) {
    case 0:
        return fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" {}{}>", x, y, r, paint,
                           extra);
    case 1:
        return fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" {}{}>", x - r,
            y - r, 2 * r, 2 * r, paint, extra);
    case 2:
        return fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" {}{}>", x,
                           y - 1.2 * r, x + 1.1 * r, y + 0.8 * r, x - 1.1 * r, y + 0.8 * r, paint,
                           extra);
    default:
        return fmt::format(
            "<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" "
            "{}{}>",
            x, y - 1.3 * r, x + 1.3 * r, y, x, y + 1.3 * r, x - 1.3 * r, y, paint, extra);
    }
}

std::string closing(size_t i) {
    return i % 4 == 0 ? "</circle>" : i % 4 == 1 ? "</rect>" : "</polygon>";
}

/// Predicted run time against cost, one series per site: every priced scale with its interval
/// as error bars, the chosen one ringed and named, each other site's own choice numbered with its
/// place in the fallback order; the budget and the deadline as dashed lines.
std::string costChart(const std::vector<CostSeries>& series, const std::string& unit,
                      const CostRequest* limits) {
    constexpr double W = 860, H = 360, L = 80, R = 180, T = 30,
                     B = 50; // the legend right of the plot
    double xlo = INFINITY, xhi = 0, yhi = 0;
    for (const auto& s : series)
        for (const auto& p : s.points) {
            xlo = std::min(xlo, finite(p.time.low));
            xhi = std::max(xhi, finite(p.time.high));
            yhi = std::max(yhi, finite(p.high));
        }
    if (!(xhi > 0))
        return {};
    // A limit far off the candidates would squash them: it is drawn only within twice their span.
    std::optional<double> budget, deadline;
    if (limits && limits->budget && limits->budget->unit == unit &&
        limits->budget->amount <= 2 * yhi) {
        budget = limits->budget->amount;
        yhi = std::max(yhi, limits->budget->amount);
    }
    if (limits && limits->deadlineSeconds) {
        const auto seconds = static_cast<double>(*limits->deadlineSeconds);
        if (seconds <= 2 * xhi && seconds >= xlo / 2) {
            deadline = seconds;
            xlo = std::min(xlo, seconds);
            xhi = std::max(xhi, seconds);
        }
    }
    const std::string title = fmt::format("Predicted run time against cost ({})", unit);
    std::string svg =
        fmt::format("<svg class=\"wide\" viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\" "
                    "aria-label=\"{}\"><title>{}</title>\n",
                    W, H, escapeHtml(title), escapeHtml(title));
    Axis x{xlo, xhi, false};
    x.log2 = xlo > 0 && xhi / xlo > 8;
    if (!x.log2) {
        x.lo = 0;
        x.hi = xhi * 1.08;
    } else {
        x.lo = xlo / 1.25;
        x.hi = xhi * 1.25;
    }
    const double ystep = niceStep(std::max(yhi, 1e-9) * 1.1 / 5);
    Axis y{0, std::ceil(std::max(yhi, 1e-9) * 1.1 / ystep) * ystep, false};
    auto px = [&](double v) { return x.map(v, L, W - R); };
    auto py = [&](double v) { return y.map(v, H - B, T); };
    svg += axes(W, H, L, R, T, B, fmt::format("predicted run time{}", x.log2 ? " (log scale)" : ""),
                fmt::format("cost ({})", unit));
    for (double v = 0; v <= y.hi * 1.0001; v += ystep)
        svg += fmt::format(
            "<line class=\"grid\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>"
            "<text class=\"tick\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:g}</text>\n",
            L, py(v), W - R, py(v), L - 6, py(v) + 4, v);
    std::vector<double> xticks;
    if (x.log2) {
        for (double t : kTimeTicks)
            if (t >= x.lo && t <= x.hi)
                xticks.push_back(t);
        // Labels closer than 56 px would overlap: the next one is dropped.
        std::vector<double> apart;
        for (double t : xticks)
            if (apart.empty() || x.map(t, L, W - R) - x.map(apart.back(), L, W - R) >= 56)
                apart.push_back(t);
        xticks = std::move(apart);
    } else {
        // Steps of a unit people read: seconds, minutes, hours or days.
        const double scale = x.hi >= 2 * 86400  ? 86400
                             : x.hi >= 2 * 3600 ? 3600
                             : x.hi >= 120      ? 60
                                                : 1;
        const double step = niceStep(x.hi / scale / 6) * scale;
        for (double v = 0; v <= x.hi; v += step)
            xticks.push_back(v);
    }
    for (double t : xticks)
        svg += fmt::format("<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" "
                           "y2=\"{2}\"/><text class=\"tick\" x=\"{0:.1f}\" y=\"{3}\" "
                           "text-anchor=\"middle\">{4}</text>\n",
                           px(t), T, H - B, H - B + 16, tickDuration(t));
    if (budget)
        svg += fmt::format(
            "<line class=\"limit\" x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\"/>"
            "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">budget "
            "{5}</text>\n",
            L, py(*budget), W - R, W - R - 4, py(*budget) - 5,
            escapeHtml(amountText(*budget, unit)));
    if (deadline)
        svg += fmt::format(
            "<line class=\"limit\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\"/>"
            "<text class=\"tick\" x=\"{3:.1f}\" y=\"{4}\">deadline {5}</text>\n",
            px(*deadline), T, H - B, px(*deadline) + 4, T + 12,
            escapeHtml(formatSeconds(*deadline)));
    // Error bars under the markers, the chosen one last so that nothing hides it.
    bool anyRefused = false;
    const CostPoint* chosen = nullptr;
    size_t chosenSeries = 0;
    for (size_t i = 0; i < series.size(); ++i) {
        const char* colour = kColours[i % std::size(kColours)];
        for (const auto& p : series[i].points) {
            const double cx = px(p.time.seconds), cy = py(p.cost);
            svg += fmt::format(
                "<path class=\"bar\" stroke=\"{}\" d=\"M{:.1f} {:.1f}H{:.1f}M{:.1f} "
                "{:.1f}V{:.1f}M{:.1f} {:.1f}h6M{:.1f} {:.1f}h6M{:.1f} {:.1f}v6M{:.1f} "
                "{:.1f}v6\"/>\n",
                colour, px(p.time.low), cy, px(p.time.high), cx, py(p.low), py(p.high), cx - 3,
                py(p.low), cx - 3, py(p.high), px(p.time.low), cy - 3, px(p.time.high), cy - 3);
        }
    }
    for (size_t i = 0; i < series.size(); ++i)
        for (const auto& p : series[i].points) {
            anyRefused = anyRefused || p.refused;
            if (p.chosen && p.rank == 1) {
                chosen = &p;
                chosenSeries = i;
                continue;
            }
            const double cx = px(p.time.seconds), cy = py(p.cost);
            svg += marker(i, cx, cy, p.chosen ? 6 : 4.5, p.refused, "") +
                   fmt::format("<title>{}: {}: {}, {}{}</title>", escapeHtml(series[i].label),
                               escapeHtml(p.what), escapeHtml(runTimeText(p.time)),
                               escapeHtml(amountText(p.cost, unit)),
                               p.refused ? " (over the budget or past the deadline)" : "") +
                   closing(i) + "\n";
            if (p.chosen && p.rank > 1)
                svg += fmt::format("<text class=\"note\" x=\"{:.1f}\" y=\"{:.1f}\">#{} {}</text>\n",
                                   cx + 9, cy - 7, p.rank, escapeHtml(series[i].label));
        }
    if (chosen) {
        const double cx = px(chosen->time.seconds), cy = py(chosen->cost);
        std::string label = fmt::format(
            "chosen: {}{}, {}, {}", series.size() > 1 ? series[chosenSeries].label + ", " : "",
            chosen->what.substr(0, chosen->what.find(',')), formatSeconds(chosen->time.seconds),
            amountText(chosen->cost, unit));
        // The label where it covers the fewest markers (and stays in the plot): above or below,
        // right or left of the ring. 7 px a character at 13 px bold.
        const double width = 7.0 * static_cast<double>(label.size());
        double dx = 16, dy = -14;
        size_t fewest = SIZE_MAX;
        for (auto [ox, oy] :
             {std::pair{16.0, -14.0}, {16.0, 26.0}, {-16.0, -14.0}, {-16.0, 26.0}}) {
            const double x0 = ox > 0 ? cx + ox : cx + ox - width, x1 = x0 + width;
            const double y0 = cy + oy - 13, y1 = cy + oy + 4;
            size_t covered = x0 < L || x1 > W - R || y0 < T || y1 > H - B ? 1000 : 0;
            for (const auto& s : series)
                for (const auto& p : s.points) {
                    const double mx = px(p.time.seconds), my = py(p.cost);
                    covered += mx > x0 - 6 && mx < x1 + 6 && my > y0 - 6 && my < y1 + 6;
                }
            if (covered < fewest) {
                fewest = covered;
                dx = ox;
                dy = oy;
            }
        }
        svg += marker(chosenSeries, cx, cy, 7, false, " class=\"chosen\"") +
               fmt::format("<title>chosen: {}: {}, {}</title>", escapeHtml(chosen->what),
                           escapeHtml(runTimeText(chosen->time)),
                           escapeHtml(amountText(chosen->cost, unit))) +
               closing(chosenSeries) + "\n";
        svg +=
            fmt::format("<circle class=\"ring\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"12\"/>\n", cx, cy);
        svg += fmt::format(
            "<text class=\"callout\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\">{}</text>\n",
            cx + dx, cy + dy, dx < 0 ? "end" : "start", escapeHtml(label));
    }
    // The legend: shape and name of each series.
    double ly = T + 8;
    for (size_t i = 0; i < series.size() && series.size() > 1; ++i, ly += 18)
        svg += marker(i, W - R + 16, ly, 5, false, "") + closing(i) +
               fmt::format("<text class=\"legend\" x=\"{}\" y=\"{:.0f}\">{}</text>\n", W - R + 28,
                           ly + 4, escapeHtml(series[i].label));
    if (anyRefused)
        svg += marker(0, W - R + 16, ly, 5, true, "") + closing(0) +
               fmt::format("<text class=\"legend\" x=\"{0}\" y=\"{1:.0f}\">refused: over the "
                           "budget<tspan x=\"{0}\" dy=\"15\">or past the deadline</tspan></text>\n",
                           W - R + 28, ly + 4);
    return svg + "</svg>\n";
}

/// The sites of a deployment over several targets: the fallback order, what each would run on,
/// its time and cost, and why a site cannot run.
std::string sitesTable(const DeploymentPlan& d) {
    std::string out = "<table class=\"sites\"><thead><tr><th class=\"num\">rank</th><th>target</th>"
                      "<th>resources</th><th class=\"num\">run time</th><th class=\"num\">cost</th>"
                      "<th></th></tr></thead><tbody>\n";
    // In the order they are tried, then those that cannot run it.
    std::vector<const SiteOption*> order;
    for (const auto& s : d.sites)
        order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](const SiteOption* a, const SiteOption* b) {
        return (a->rank == 0 ? INT_MAX : a->rank) < (b->rank == 0 ? INT_MAX : b->rank);
    });
    for (const SiteOption* site : order) {
        const SiteOption& s = *site;
        if (s.rank == 0) {
            out += fmt::format("<tr class=\"infeasible\"><td class=\"num\">–</td><td>{}</td><td "
                               "colspan=\"4\">cannot run: {}</td></tr>\n",
                               escapeHtml(s.target), escapeHtml(s.rejectedBecause));
            continue;
        }
        out += fmt::format(
            "<tr{}><td class=\"num\">{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td "
            "class=\"num\">{}</td><td>{}</td></tr>\n",
            s.chosen ? " class=\"chosen\"" : "", s.rank, escapeHtml(s.target),
            escapeHtml(siteResources(s)),
            escapeHtml(runTimeText({s.totalSeconds, s.lowSeconds, s.highSeconds})),
            s.cost ? escapeHtml(s.cost->text()) : "no price",
            s.chosen      ? "<b>chosen</b>"
            : s.rank == 2 ? "first fallback"
                          : "fallback");
    }
    return out + "</tbody></table>\n";
}

/// The time-vs-cost section of a deployment with prices; "" when nothing has one.
std::string costSection(const DeploymentPlan& d) {
    // The chart's unit: the chosen candidate's money (else units), else the first priced site's.
    std::string unit;
    auto unitOf = [](const CostEstimate& c) { return c.hasMoney() ? c.currency : c.unit; };
    if (d.chosen && d.chosen->cost)
        unit = unitOf(*d.chosen->cost);
    for (size_t i = 0; unit.empty() && i < d.sites.size(); ++i)
        if (d.sites[i].cost)
            unit = unitOf(*d.sites[i].cost);
    for (size_t i = 0; unit.empty() && i < d.alternatives.size(); ++i)
        if (d.alternatives[i].cost)
            unit = unitOf(*d.alternatives[i].cost);
    if (unit.empty())
        return {};
    std::vector<CostSeries> series;
    std::vector<std::string> elsewhere; // sites priced in another currency or unit
    if (d.sitePlans.size() == d.sites.size() && !d.sites.empty()) {
        for (size_t i = 0; i < d.sites.size(); ++i) {
            CostSeries s = costSeries(d.sitePlans[i], d.sites[i].target, unit, d.sites[i].rank);
            if (!s.points.empty())
                series.push_back(std::move(s));
            else if (d.sites[i].cost)
                elsewhere.push_back(d.sites[i].target + " (" + d.sites[i].cost->text() + ")");
        }
    } else {
        series.push_back(costSeries(d, d.target, unit, 1));
    }
    std::string chart = costChart(series, unit, d.spec ? &d.spec->cost : nullptr);
    if (chart.empty())
        return {};
    std::string out = "<h3>Time and cost</h3>\n<div class=\"charts\">\n" + chart + "</div>\n";
    if (!d.sites.empty() && d.sitePlans.size() == d.sites.size()) {
        out += "<ul class=\"meta\">\n";
        for (size_t i = 0; i < d.sites.size(); ++i)
            out += fmt::format("<li>{}: {}</li>\n", escapeHtml(d.sites[i].target),
                               d.sitePlans[i].pricing.empty() ? "no price"
                                                              : escapeHtml(d.sitePlans[i].pricing));
        out += "</ul>\n";
    } else if (!d.pricing.empty()) {
        out += "<p class=\"meta\">Priced: " + escapeHtml(d.pricing) + "</p>\n";
    }
    if (!elsewhere.empty()) {
        std::string list;
        for (const auto& e : elsewhere)
            list += (list.empty() ? "" : "; ") + e;
        out += "<p class=\"meta\">Not on the chart (priced in another unit): " + escapeHtml(list) +
               "</p>\n";
    }
    return out;
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
        out += "</ul></div>\n";
        if (!d.sites.empty())
            out += "<h3>Sites</h3>\n" + sitesTable(d);
        return out + costSection(d) + "</section>\n";
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
    if (c.cost)
        row("cost", escapeHtml(fmt::format("{} for {}", c.cost->text(),
                                           runTimeText(runTime(c, c.cost->seconds)))));
    out += "</table></div>\n";
    if (!d.sites.empty())
        out += "<h3>Sites</h3>\n" + sitesTable(d);
    out += costSection(d);
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
.charts svg { max-width: 720px; display: block; margin: 1em 0; } .charts svg.wide { max-width: 860px; }
svg text { fill: var(--fg); font-size: 12px; } svg .axis { stroke: var(--fg); } svg .grid { stroke: var(--line); stroke-width: .5; }
svg .ideal { stroke: var(--muted); stroke-dasharray: 6 4; } svg .chosen { stroke: var(--fg); stroke-width: 2; }
svg .bar { fill: none; stroke-width: 1.2; opacity: .55; } svg .limit { stroke: var(--muted); stroke-dasharray: 5 4; }
svg .ring { fill: none; stroke: var(--fg); stroke-width: 2; } svg .callout { font-weight: 600; font-size: 13px; }
svg .callout, svg .note { paint-order: stroke; stroke: var(--bg); stroke-width: 4px; stroke-linejoin: round; }
table.sites td.num { white-space: nowrap; }
tr.chosen td { font-weight: 600; }
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

std::string siteResources(const SiteOption& s) {
    std::string out =
        s.gpusPerNode > 0
            ? fmt::format("{} × {}:{}", s.nodes, s.gpu.empty() ? "GPU" : s.gpu, s.gpusPerNode)
            : fmt::format("{} node{}", s.nodes, s.nodes == 1 ? "" : "s");
    if (!s.instanceType.empty())
        out += " (" + s.instanceType + ")";
    return out;
}

RunTime runTime(const Candidate& c, double seconds) {
    RunTime t{seconds, seconds, seconds};
    if (c.predicted && c.predicted->interval.low > 0 && c.predicted->interval.high > 0) {
        t.low = seconds * c.predicted->throughput / c.predicted->interval.high;
        t.high = seconds * c.predicted->throughput / c.predicted->interval.low;
    }
    return t;
}

std::string runTimeText(const RunTime& t) {
    std::string mid = formatSeconds(t.seconds);
    if (!(t.high > t.low * 1.001))
        return mid;
    std::string lo = formatSeconds(t.low), hi = formatSeconds(t.high);
    // "1.2–1.9 h" when both ends are in the same unit.
    if (auto a = lo.rfind(' '), b = hi.rfind(' ');
        a != std::string::npos && b != std::string::npos && lo.substr(a) == hi.substr(b))
        lo.resize(a);
    return fmt::format("{} ({}–{})", mid, lo, hi);
}

} // namespace modak::model
