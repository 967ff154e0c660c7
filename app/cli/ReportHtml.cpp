// `muster-cli game report`: a self-contained HTML report (photos inline as data: URIs, charts as inline SVG)
// and the same data as JSON.

#include "app/cli/CommandLine.h"
#include "app/cli/GameCommands.h"
#include "app/cli/GameRecords.h"
#include "app/storage/GameSession.h"
#include "app/storage/Seal.h"
#include "app/cli/JsonText.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace muster::cli {

namespace {

using Json = nlohmann::json;

std::string base64(const std::vector<std::uint8_t>& bytes) {
    static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t n = (std::uint32_t(bytes[i]) << 16) |
                                (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                                (i + 2 < bytes.size() ? std::uint32_t(bytes[i + 2]) : 0);
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
    }
    return out;
}

std::string html(const std::string& s) {
    std::string out;
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
        default:
            out += c;
        }
    }
    return out;
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// One bar per face, with the fair expectation as a dashed line.
std::string barChart(const storage::DiceTally& t) {
    const int barWidth = 36, gap = 8, height = 120, top = 14, bottom = 20;
    const int width = t.sides * (barWidth + gap) + gap;
    const double expected = t.sides > 0 ? static_cast<double>(t.total()) / t.sides : 0.0;
    std::int64_t maxCount = 1;
    for (std::int64_t c : t.counts)
        maxCount = std::max(maxCount, c);
    const double scale = height / std::max<double>(static_cast<double>(maxCount), expected);
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
        << top + height + bottom << "\" role=\"img\" aria-label=\"face counts of " << html(t.player) << "'s d"
        << t.sides << "\">";
    for (int f = 0; f < t.sides; ++f) {
        const std::int64_t c =
            f < static_cast<int>(t.counts.size()) ? t.counts[static_cast<std::size_t>(f)] : 0;
        const double h = c * scale;
        const int x = gap + f * (barWidth + gap);
        svg << "<rect x=\"" << x << "\" y=\"" << fixed(top + height - h, 1) << "\" width=\"" << barWidth
            << "\" height=\"" << fixed(h, 1) << "\" fill=\"#4a7ab7\"/>"
            << "<text x=\"" << x + barWidth / 2 << "\" y=\"" << top + height + 15
            << "\" text-anchor=\"middle\" font-size=\"12\">" << f + 1 << "</text>"
            << "<text x=\"" << x + barWidth / 2 << "\" y=\"" << fixed(top + height - h - 3, 1)
            << "\" text-anchor=\"middle\" font-size=\"11\">" << c << "</text>";
    }
    const double y = top + height - expected * scale;
    svg << "<line x1=\"0\" x2=\"" << width << "\" y1=\"" << fixed(y, 1) << "\" y2=\"" << fixed(y, 1)
        << "\" stroke=\"#c33\" stroke-dasharray=\"5,4\"/></svg>";
    return svg.str();
}

struct Photo {
    int index = 0;
    std::string dataUri;
    std::string photoHash;
    std::string detectionsJson;
};

struct Phase {
    std::string name;
    std::vector<std::size_t> records;
};

struct Turn {
    int number = 0;
    std::vector<Phase> phases;
};

std::vector<Turn> groupByTurn(const std::vector<GameRecord>& records) {
    std::vector<Turn> turns;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const storage::Event& e = records[i].event;
        if (turns.empty() || turns.back().number != e.turn)
            turns.push_back({e.turn, {}});
        auto& phases = turns.back().phases;
        if (phases.empty() || phases.back().name != e.phase)
            phases.push_back({e.phase, {}});
        phases.back().records.push_back(i);
    }
    return turns;
}

const char* const kStyle = R"css(
body{font-family:"DejaVu Sans",sans-serif;margin:2em;color:#222;max-width:72em}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#eee}
tr.undo td,tr.override td{background:#fff3c4}
tr.undone td{text-decoration:line-through;color:#888}
tr.overridden td.what{color:#a33}
.tag{font-size:80%;padding:0 .3em;border-radius:3px;background:#ddd}
.tag.undo,.tag.override{background:#f0b400;color:#000}
img.thumb{width:96px;height:auto;border:1px solid #999;margin-right:4px}
.ok{color:#070}.bad{color:#b00;font-weight:bold}
)css";

} // namespace

int runGameReport(const Args& args) {
    CommandLine cl(args, {"out"}, {});
    if (!cl.ok() || cl.positional().size() != 1 || !cl.value("out")) {
        std::cerr << (cl.ok() ? std::string("usage: muster-cli game report GAME.muster --out DIR")
                              : cl.error())
                  << "\n";
        return 2;
    }
    const std::string path = cl.positional()[0];
    auto journal = storage::Journal::open(path, {storage::OpenMode::ReadOnly, true});
    if (!journal) {
        std::cerr << "muster-cli game report: " << journal.message() << "\n";
        return 2;
    }
    auto loaded = loadRecords(*journal);
    if (!loaded) {
        std::cerr << "muster-cli game report: " << loaded.message() << "\n";
        return 1;
    }
    const GameRecords& data = *loaded;
    const storage::VerifyReport verify = warnIfUnsound("report", *journal);

    std::string scenarioName;
    if (const Json s = Json::parse(data.game.scenarioJson, nullptr, false);
        s.is_object() && s.contains("name") && s["name"].is_string())
        scenarioName = s["name"].get<std::string>();

    Json report;
    report["game"] = {{"file", path},
                      {"scenario", scenarioName},
                      {"ruleSet", data.game.ruleSet},
                      {"created", data.game.created},
                      {"musterVersion", data.game.musterVersion},
                      {"houseRules", Json::parse(data.game.houseRulesJson, nullptr, false)}};
    report["game"].update(headerJson(data.game));
    report["players"] = Json::array();
    for (const storage::Player& p : data.game.players)
        report["players"].push_back({{"name", p.name}, {"side", p.side}, {"diceColour", p.diceColour}});
    report["verify"] = {{"ok", verify.ok}, {"events", verify.eventCount}, {"photos", verify.evidenceCount}};
    if (!verify.ok) {
        report["verify"]["problem"] = verify.problem;
        if (verify.firstBadSeq)
            report["verify"]["firstBadSeq"] = *verify.firstBadSeq;
    }
    report["verify"]["head"] = verify.headHash;
    // The seal of every finished turn, for players to compare with the ones they noted during the game.
    std::vector<storage::TurnSeal> seals;
    if (auto events = journal->events()) {
        auto engine = storage::GameSession::replay(*journal);
        seals =
            storage::turnSeals(*events, engine ? engine->prompt().turn + (engine->gameOver() ? 1 : 0) : 0);
    }
    report["seals"] = Json::array();
    for (const storage::TurnSeal& t : seals)
        report["seals"].push_back({{"turn", t.turn}, {"seq", t.seq}, {"seal", t.seal}});
    report["diceStatistics"] = Json::array();
    for (const storage::DiceTally& t : data.tallies)
        report["diceStatistics"].push_back(toJson(t, data.game.players));

    std::ostringstream body;
    body << "<h1>Game report" << (scenarioName.empty() ? "" : ": " + html(scenarioName)) << "</h1>\n<p>"
         << html(headerText(data.game)) << ". File <code>" << html(path) << "</code>. ";
    if (verify.ok)
        body << "<span class=\"ok\">Hash chain verified: " << verify.eventCount << " events, "
             << verify.evidenceCount << " photos.</span></p>\n";
    else
        body << "<span class=\"bad\">Hash chain BROKEN"
             << (verify.firstBadSeq ? " at event #" + std::to_string(*verify.firstBadSeq) : std::string())
             << ": " << html(verify.problem) << "</span></p>\n";
    if (!seals.empty()) {
        body << "<h2>Turn seals</h2>\n<p>Compare with the seals noted at the table; <code>muster-cli game "
                "verify "
                "--seal CODE</code> checks one.</p>\n<table><tr><th>turn</th><th>last "
                "event</th><th>seal</th></tr>\n";
        for (const storage::TurnSeal& t : seals)
            body << "<tr><td>" << t.turn << "</td><td>#" << t.seq << "</td><td><code>" << t.seal
                 << "</code></td></tr>\n";
        body << "</table>\n";
    }
    body << "<h2>Players</h2>\n<table><tr><th>Player</th><th>Side</th><th>Dice</th></tr>\n";
    for (const storage::Player& p : data.game.players)
        body << "<tr><td>" << html(p.name) << "</td><td>" << html(p.side) << "</td><td>" << html(p.diceColour)
             << "</td></tr>\n";
    body << "</table>\n<h2>Dice statistics</h2>\n<p>Final faces (after overrides) per player and dice set; "
            "chi-square against a fair die. A p-value below 0.01 is worth a look at the dice.</p>\n";
    for (const storage::DiceTally& t : data.tallies) {
        body << "<h3>" << html(t.player) << ", d" << t.sides << "</h3>\n<table><tr><th>Face</th>";
        for (int f = 1; f <= t.sides; ++f)
            body << "<th>" << f << "</th>";
        body << "<th>Dice</th><th>&chi;&sup2;</th><th>df</th><th>p</th></tr><tr><td>count</td>";
        for (std::int64_t c : t.counts)
            body << "<td>" << c << "</td>";
        body << "<td>" << t.total() << "</td><td>" << fixed(t.chiSquare(), 2) << "</td><td>"
             << t.degreesOfFreedom() << "</td><td" << (t.pValue() < 0.01 ? " class=\"bad\"" : "") << ">"
             << fixed(t.pValue(), 4) << "</td></tr></table>\n"
             << barChart(t) << "\n";
    }

    report["turns"] = Json::array();
    for (const Turn& turn : groupByTurn(data.records)) {
        Json turnJson = {{"turn", turn.number}, {"phases", Json::array()}};
        body << "<h2>Turn " << turn.number << "</h2>\n";
        for (const Phase& phase : turn.phases) {
            Json phaseJson = {{"phase", phase.name}, {"events", Json::array()}};
            body << "<h3>" << html(phase.name) << "</h3>\n<table><tr><th>#</th><th>Who</th><th>Kind</th>"
                 << "<th>What</th><th>Source</th><th>Photos</th></tr>\n";
            for (std::size_t i : phase.records) {
                const GameRecord& r = data.records[i];
                const storage::Event& e = r.event;
                Json ej = toJson(r);
                ej["photoList"] = Json::array();
                std::string thumbs;
                if (e.evidenceCount > 0) {
                    auto photos = journal->evidence(e.seq);
                    if (photos)
                        for (const storage::Evidence& ph : *photos) {
                            const std::string uri = "data:image/jpeg;base64," + base64(ph.jpeg);
                            thumbs += "<img class=\"thumb\" alt=\"photo " + std::to_string(ph.index) +
                                      " of event " + std::to_string(e.seq) + "\" src=\"" + uri + "\">";
                            ej["photoList"].push_back(
                                {{"index", ph.index},
                                 {"photoHash", ph.photoHash},
                                 {"detections", Json::parse(ph.detectionsJson, nullptr, false)},
                                 {"thumbnail", uri}});
                        }
                }
                std::string cls = e.kind;
                if (r.undoneBy)
                    cls += " undone";
                if (r.overriddenBy)
                    cls += " overridden";
                std::string what = html(r.summary);
                if (!r.ruleId.empty())
                    what += " <span class=\"tag\">" + html(r.ruleId) + "</span>";
                if (r.undoneBy)
                    what += " <span class=\"tag undo\">undone by #" + std::to_string(*r.undoneBy) + "</span>";
                if (r.overriddenBy)
                    what += " <span class=\"tag override\">overridden by #" +
                            std::to_string(*r.overriddenBy) + " &rarr; " +
                            facesText(r.finalFaces.value_or(std::vector<int>{})) + "</span>";
                body << "<tr class=\"" << cls << "\"><td>" << e.seq << "</td><td>" << html(e.player)
                     << "</td><td>" << html(e.kind) << "</td><td class=\"what\">" << what << "</td><td>"
                     << html(std::string(storage::toString(e.source))) << "</td><td>" << thumbs
                     << "</td></tr>\n";
                phaseJson["events"].push_back(std::move(ej));
            }
            body << "</table>\n";
            turnJson["phases"].push_back(std::move(phaseJson));
        }
        report["turns"].push_back(std::move(turnJson));
    }

    const std::filesystem::path out(*cl.value("out"));
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    std::ofstream htmlFile(out / "report.html", std::ios::trunc);
    htmlFile << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Muster game report"
             << (scenarioName.empty() ? "" : ": " + html(scenarioName)) << "</title><style>" << kStyle
             << "</style></head><body>\n"
             << body.str() << "</body></html>\n";
    std::ofstream jsonFile(out / "report.json", std::ios::trunc);
    jsonFile << jsonText(report, 1) << "\n";
    if (!htmlFile || !jsonFile) {
        std::cerr << "muster-cli game report: cannot write into " << out.string() << "\n";
        return 1;
    }
    std::cout << "wrote " << (out / "report.html").string() << " and " << (out / "report.json").string()
              << " (" << data.records.size() << " events, " << verify.evidenceCount << " photos"
              << (verify.ok ? "" : ", HASH CHAIN BROKEN") << ")\n";
    return verify.ok ? 0 : 1;
}

} // namespace muster::cli
