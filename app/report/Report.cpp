// The report's facts are gathered once: into the JSON document and into the template's data. The page is
// the mustache template (templates/report.html.mustache); only the SVG charts are built here.

#include "app/report/Report.h"

#include "app/report/GameRecords.h"
#include "app/report/JsonText.h"
#include "app/report/TurnStory.h"
#include "app/storage/GameSession.h"
#include "app/storage/Seal.h"
#include "app/storage/SealCorrections.h"
#include "app/storage/StruckOut.h"
#include "app/storage/TurnSignature.h"
#include "common/crypto/Crypto.h"

#include <kainjow/mustache.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace muster::report {

namespace {

using Json = nlohmann::json;
namespace mu = kainjow::mustache;

// Text from a game file need not be UTF-8; the page declares UTF-8, so each invalid byte becomes U+FFFD (the
// same replacement jsonText makes in the JSON).
std::string validUtf8(const std::string& s) {
    return Json::parse(jsonText(Json(s))).get<std::string>();
}

std::string html(const std::string& s) {
    return mu::html_escape(validUtf8(s));
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
        << t.sides << ", " << storage::toString(t.source) << "\">";
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

template <class T>
mu::data text(const T& v) {
    if constexpr (std::is_convertible_v<T, std::string>)
        return mu::data(std::string(v));
    else
        return mu::data(std::to_string(v));
}

mu::data list() {
    return mu::data(mu::data::type::list);
}

} // namespace

Result<ReportFiles, ReportError> writeReport(const std::string& gamePath,
                                             const std::filesystem::path& outDir) {
    using Kind = ReportError::Kind;
    auto journal = storage::Journal::open(gamePath, {storage::OpenMode::ReadOnly, true});
    if (!journal)
        return ReportError{Kind::CannotOpen, journal.message()};
    auto loaded = loadRecords(*journal);
    if (!loaded)
        return ReportError{Kind::CannotRead, loaded.message()};
    const GameRecords& data = *loaded;
    ReportFiles files;
    files.verify = storage::GameSession::verify(*journal);
    files.events = data.records.size();
    const storage::VerifyReport& verify = files.verify;

    std::string scenarioName;
    if (const Json s = Json::parse(data.game.scenarioJson, nullptr, false);
        s.is_object() && s.contains("name") && s["name"].is_string())
        scenarioName = s["name"].get<std::string>();

    Json report;
    mu::data page;
    report["game"] = {{"file", gamePath},
                      {"scenario", scenarioName},
                      {"ruleSet", data.game.ruleSet},
                      {"created", data.game.created},
                      {"musterVersion", data.game.musterVersion},
                      {"houseRules", Json::parse(data.game.houseRulesJson, nullptr, false)}};
    report["game"].update(headerJson(data.game));
    if (!scenarioName.empty())
        page.set("scenario", scenarioName);
    page.set("header", headerText(data.game));
    page.set("file", gamePath);

    report["players"] = Json::array();
    mu::data players = list();
    for (const storage::Player& p : data.game.players) {
        report["players"].push_back({{"name", p.name}, {"side", p.side}, {"diceColour", p.diceColour}});
        mu::data row;
        row.set("name", p.name);
        row.set("side", p.side);
        row.set("dice", p.diceColour);
        players.push_back(row);
    }
    page.set("players", players);

    report["verify"] = {{"ok", verify.ok}, {"events", verify.eventCount}, {"photos", verify.evidenceCount}};
    mu::data verifyData;
    verifyData.set("ok", verify.ok);
    verifyData.set("events", text(verify.eventCount));
    verifyData.set("photos", text(verify.evidenceCount));
    if (!verify.ok) {
        report["verify"]["problem"] = verify.problem;
        verifyData.set("problem", verify.problem);
        if (verify.firstBadSeq) {
            report["verify"]["firstBadSeq"] = *verify.firstBadSeq;
            verifyData.set("firstBadSeq", text(*verify.firstBadSeq));
        }
    }
    report["verify"]["head"] = verify.headHash;
    page.set("verify", verifyData);

    // The seal of every finished turn, for players to compare with the ones they noted during the game.
    std::vector<storage::TurnSeal> seals;
    auto allEvents = journal->events();
    if (allEvents) {
        auto engine = storage::GameSession::replay(*journal);
        seals =
            storage::turnSeals(*allEvents, engine ? engine->prompt().turn + (engine->gameOver() ? 1 : 0) : 0);
    }
    report["seals"] = Json::array();
    mu::data sealRows = list();
    for (const storage::TurnSeal& t : seals) {
        // A signed turn's seal is the seal of its signature event, which signs the head just before it.
        std::string device;
        for (const storage::SignedHead& h : verify.signatures)
            if (h.seq + 1 == t.seq)
                device = h.fingerprint;
        // Every later fix or undo of an input the seal covers, and what it changed on the roster (issue 46).
        const storage::SealCorrections sc = storage::correctionsAfter(*journal, *allEvents, t.seq);
        Json corrections = Json::array();
        std::string correctionText;
        for (const storage::SealCorrection& c : sc.corrections) {
            corrections.push_back(storage::describe(c));
            correctionText += (correctionText.empty() ? "" : " ") + storage::describe(c) + ".";
        }
        for (const std::string& line : sc.rosterChanges)
            correctionText += " " + line + ".";
        report["seals"].push_back({{"turn", t.turn},
                                   {"seq", t.seq},
                                   {"seal", t.seal},
                                   {"device", device},
                                   {"corrections", corrections},
                                   {"rosterChanges", sc.rosterChanges}});
        mu::data row;
        row.set("corrections", correctionText.empty() ? std::string("none") : correctionText);
        row.set("turn", text(t.turn));
        row.set("seq", text(t.seq));
        row.set("seal", t.seal);
        row.set("device", device.empty() ? std::string("unsigned") : device);
        sealRows.push_back(row);
    }
    report["signed"] = storage::describeSignatures(verify.signatures);
    page.set("signed", storage::describeSignatures(verify.signatures));
    page.set("hasSeals", !seals.empty());
    page.set("seals", sealRows);

    report["diceStatistics"] = Json::array();
    mu::data tallies = list();
    for (const storage::DiceTally& t : data.tallies) {
        report["diceStatistics"].push_back(toJson(t, data.game.players));
        mu::data row;
        row.set("title", storage::fairnessTitle(t));
        mu::data faces = list(), counts = list();
        for (int f = 1; f <= t.sides; ++f)
            faces.push_back(text(f));
        for (std::int64_t c : t.counts)
            counts.push_back(text(c));
        row.set("faces", faces);
        row.set("counts", counts);
        row.set("total", text(t.total()));
        row.set("df", text(t.degreesOfFreedom()));
        // Below five expected per face the chi-square's p is not to be trusted, so none is shown.
        row.set("chiSquare", t.testable() ? fixed(t.chiSquare(), 2) : std::string("-"));
        row.set("p", t.testable() ? fixed(t.pValue(), 4) : std::string("-"));
        row.set("unlikely", t.testable() && t.pValue() < storage::kUnlikelyP);
        row.set("verdict", storage::fairnessVerdict(t));
        row.set("chart", barChart(t));
        tallies.push_back(row);
    }
    page.set("tallies", tallies);

    // What happened (TurnStory): each event's sentences under it, each turn's summary after its rows.
    std::map<std::int64_t, std::vector<StoryLine>> storyBySeq;
    std::map<int, std::string> summaryByTurn;
    for (StoryLine& line : turnStoryOf(gamePath)) {
        if (line.kind == StoryLine::Kind::TurnSummary)
            summaryByTurn[line.turn] = line.text;
        storyBySeq[line.seq].push_back(std::move(line));
    }

    report["turns"] = Json::array();
    mu::data turns = list();
    for (const Turn& turn : groupByTurn(data.records)) {
        Json turnJson = {{"turn", turn.number}, {"phases", Json::array()}};
        mu::data turnData;
        turnData.set("turn", text(turn.number));
        if (auto said = summaryByTurn.find(turn.number); said != summaryByTurn.end()) {
            turnJson["summary"] = said->second;
            turnData.set("summary", said->second);
        }
        mu::data phases = list();
        for (const Phase& phase : turn.phases) {
            Json phaseJson = {{"phase", phase.name}, {"events", Json::array()}};
            mu::data phaseData;
            phaseData.set("phase", phase.name);
            mu::data events = list();
            for (std::size_t i : phase.records) {
                const GameRecord& r = data.records[i];
                const storage::Event& e = r.event;
                Json ej = toJson(r);
                ej["photoList"] = Json::array();
                mu::data row;
                mu::data said = list();
                if (auto lines = storyBySeq.find(e.seq); lines != storyBySeq.end()) {
                    addStoryFields(ej, lines->second);
                    for (const StoryLine& line : lines->second) {
                        if (line.kind == StoryLine::Kind::TurnSummary)
                            continue; // after the turn's rows
                        mu::data sentence;
                        sentence.set("text", line.text);
                        sentence.set("kind", std::string(toString(line.kind)) + (line.big ? " big" : ""));
                        said.push_back(sentence);
                    }
                }
                row.set("hasSaid", !said.is_empty_list());
                row.set("said", said);
                mu::data photos = list();
                if (e.evidenceCount > 0) {
                    if (auto stored = journal->evidence(e.seq))
                        for (const storage::Evidence& ph : *stored) {
                            const std::string uri = "data:image/jpeg;base64," + crypto::base64Encode(ph.jpeg);
                            mu::data photo;
                            photo.set("index", text(ph.index));
                            photo.set("uri", uri);
                            photos.push_back(photo);
                            ej["photoList"].push_back(
                                {{"index", ph.index},
                                 {"photoHash", ph.photoHash},
                                 {"detections", Json::parse(ph.detectionsJson, nullptr, false)},
                                 {"thumbnail", uri}});
                        }
                }
                std::string rowClass = e.kind;
                if (r.undoneBy)
                    rowClass += " undone";
                if (r.overriddenBy)
                    rowClass += " overridden";
                row.set("rowClass", rowClass);
                row.set("seq", text(e.seq));
                row.set("player", e.player);
                row.set("kind", e.kind);
                row.set("summary", r.summary);
                if (!r.ruleId.empty())
                    row.set("ruleId", r.ruleId);
                if (r.undoneBy)
                    row.set("undoneBy", text(*r.undoneBy));
                if (r.overriddenBy) {
                    row.set("overriddenBy", text(*r.overriddenBy));
                    row.set("finalFaces", facesText(r.finalFaces.value_or(std::vector<int>{})));
                }
                if (!r.struckOut.empty())
                    row.set("struckOut", storage::struckOutText(r.struckOut));
                row.set("source", std::string(storage::toString(e.source)));
                row.set("photos", photos);
                events.push_back(row);
                phaseJson["events"].push_back(std::move(ej));
            }
            phaseData.set("events", events);
            phases.push_back(phaseData);
            turnJson["phases"].push_back(std::move(phaseJson));
        }
        turnData.set("phases", phases);
        turns.push_back(turnData);
        report["turns"].push_back(std::move(turnJson));
    }
    page.set("turns", turns);

    mu::mustache tmpl(kReportTemplate);
    if (!tmpl.is_valid())
        return ReportError{Kind::CannotWrite, "the report template does not parse: " + tmpl.error_message()};
    tmpl.set_custom_escape(html);
    const std::string pageText = tmpl.render(page);

    files.html = outDir / "report.html";
    files.json = outDir / "report.json";
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    std::ofstream htmlFile(files.html, std::ios::trunc | std::ios::binary);
    htmlFile << pageText;
    std::ofstream jsonFile(files.json, std::ios::trunc);
    jsonFile << jsonText(report, 1) << "\n";
    htmlFile.close();
    jsonFile.close();
    if (!htmlFile || !jsonFile)
        return ReportError{Kind::CannotWrite, "cannot write into " + outDir.string()};
    return files;
}

} // namespace muster::report
