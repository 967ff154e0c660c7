// muster_report on its own: the page escapes text from the game file (markup, quotes, bytes that are not
// UTF-8), shows what the journal holds, and failures come back as values with their kind.

#include "app/report/Report.h"

#include "../storage/ResultPanelGame.h"
#include "../storage/TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace muster::storage;
using namespace muster::storage::test;
using muster::report::ReportError;
using muster::report::writeReport;

namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

bool isUtf8(const std::string& text) {
    try {
        (void)nlohmann::json(text).dump(); // strict: throws type_error 316 on an invalid byte
        return true;
    } catch (const nlohmann::json::type_error&) {
        return false;
    }
}

} // namespace

TEST(ReportPage, EscapesMarkupAmpersandsQuotesAndBadBytesFromTheFile) {
    ScratchDir dir;
    const std::string game = dir.file("escape.muster");
    {
        NewGame g = sampleGame();
        g.players = {{"<script>alert(1)</script>", "American", "white"},
                     {"Tom & \"Jerry\" 'J'", "Mexican", "red"},
                     {"Ren\xe9", "Mexican", "blue"}}; // Latin-1, not UTF-8
        g.scenarioJson = R"({"name":"Fort <b>Texas</b> & co","sides":["American","Mexican"]})";
        auto j = Journal::create(game, g);
        ASSERT_TRUE(j) << j.message();
        ASSERT_TRUE(j->append(answerDraft(1, "MOVE", "<script>alert(1)</script>")));
        ASSERT_TRUE(j->append(diceDraft(1, {2, 6}, 0, "Ren\xe9")));
    }
    const auto written = writeReport(game, dir.path() / "out");
    ASSERT_TRUE(written) << written.message();
    const std::string html = readBytes(written->html.string());
    EXPECT_EQ(html.find("<script"), std::string::npos) << "a player's name ran as markup";
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_NE(html.find("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), std::string::npos);
    EXPECT_NE(html.find("<td>Tom &amp; &quot;Jerry&quot; &apos;J&apos;</td>"), std::string::npos);
    EXPECT_NE(html.find("<title>Muster game report: Fort &lt;b&gt;Texas&lt;/b&gt; &amp; co</title>"),
              std::string::npos);
    EXPECT_NE(html.find("<td>Ren\xef\xbf\xbd</td>"), std::string::npos) << "the invalid byte is U+FFFD";
    EXPECT_NE(html.find("<h3>Ren\xef\xbf\xbd, d6, virtual: 2 dice</h3>"), std::string::npos)
        << "the dice statistics' heading";
    EXPECT_NE(html.find("aria-label=\"face counts of Ren\xef\xbf\xbd's d6, virtual\""), std::string::npos)
        << "the chart's label";
    EXPECT_TRUE(isUtf8(html)) << "the page says charset=utf-8";
    const auto report = nlohmann::json::parse(readBytes(written->json.string()));
    EXPECT_EQ(report["players"][0]["name"], "<script>alert(1)</script>") << "JSON keeps the text as it is";
    EXPECT_EQ(report["players"][2]["name"], "Ren\xef\xbf\xbd");
}

TEST(ReportPage, ShowsEveryTurnPhotoUndoOverrideAndTally) {
    ScratchDir dir;
    const std::string game = dir.file("sample.muster");
    writeSampleJournal(game, 4);
    const auto written = writeReport(game, dir.path() / "out");
    ASSERT_TRUE(written) << written.message();
    EXPECT_TRUE(written->verify.ok);
    EXPECT_EQ(written->events, 28u); // 7 events in each of 4 turns
    const std::string html = readBytes(written->html.string());
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u) << html.substr(0, 80);
    EXPECT_NE(html.find("<span class=\"ok\">Hash chain verified: 28 events, 8 photos.</span>"),
              std::string::npos);
    for (int t = 1; t <= 4; ++t)
        EXPECT_EQ(count(html, "<h2>Turn " + std::to_string(t) + "</h2>"), 1u) << "turn " << t;
    EXPECT_EQ(count(html, "<img class=\"thumb\" tabindex=\"0\""), 8u); // focusable: a click shows it large
    EXPECT_EQ(count(html, "img.thumb:focus{position:fixed;"), 1u);
    EXPECT_EQ(count(html, "src=\"data:image/jpeg;base64,"), 8u);
    EXPECT_EQ(count(html, "<span class=\"tag undo\">undone by #"), 4u);
    EXPECT_EQ(count(html, "<span class=\"tag override\">overridden by #"), 4u);
    EXPECT_EQ(count(html, "&rarr; 3 4 6</span>"), 4u) << "the faces after the override";
    EXPECT_EQ(count(html, "<tr class=\"dice overridden\">"), 4u);
    // One table and one chart per player, dice set and source: Miguel's camera and virtual d6, too few to
    // test (a d6 needs 30), so no p-value.
    EXPECT_EQ(count(html, "<h3>Miguel, d6, camera: 12 dice</h3>"), 1u);
    EXPECT_EQ(count(html, "<h3>Miguel, d6, virtual: 8 dice</h3>"), 1u);
    EXPECT_EQ(count(html, "<p class=\"verdict\">12 dice: too few to test (needs 30)</p>"), 1u);
    EXPECT_EQ(count(html, "<p class=\"verdict\">8 dice: too few to test (needs 30)</p>"), 1u);
    EXPECT_EQ(count(html, "<td>-</td><td>5</td><td>-</td></tr></table>"), 2u) << "no chi-square, no p";
    EXPECT_EQ(count(html, "<svg "), 2u);
    EXPECT_EQ(count(html, "{{"), 0u) << "a tag the data did not fill";
    const auto report = nlohmann::json::parse(readBytes(written->json.string()));
    EXPECT_EQ(report["turns"].size(), 4u);
    EXPECT_EQ(report["turns"][0]["phases"][1]["events"][0]["photoList"].size(), 2u);
    const auto& stats = report["diceStatistics"];
    ASSERT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats[0]["source"], "camera");
    EXPECT_EQ(stats[0]["dice"], 12);
    EXPECT_EQ(stats[0]["testable"], false);
    EXPECT_EQ(stats[0]["neededForTest"], 30);
    EXPECT_EQ(stats[1]["source"], "virtual");
    EXPECT_EQ(stats[1]["faceCounts"],
              nlohmann::json({{"1", 4}, {"2", 4}, {"3", 0}, {"4", 0}, {"5", 0}, {"6", 0}}));
}

// Enough dice to test, typed and virtual kept apart, and Muster's own draws in their own tally, not Miguel's.
TEST(ReportPage, TestsEachSourceApartOnlyWithEnoughDiceAndKeepsMustersDrawsOut) {
    ScratchDir dir;
    const std::string game = dir.file("fair.muster");
    {
        auto j = Journal::create(game, sampleGame());
        ASSERT_TRUE(j) << j.message();
        // 36 typed d6, six of each face: testable, chi-square 0, p = 1.
        for (int t = 0; t < 6; ++t) {
            EventDraft d = diceDraft(1, {1, 2, 3, 4, 5, 6});
            d.source = DiceSource::Typed;
            ASSERT_TRUE(j->append(d));
        }
        // 30 virtual d6, all sixes: testable, and they favour 6.
        for (int t = 0; t < 5; ++t)
            ASSERT_TRUE(j->append(diceDraft(1, {6, 6, 6, 6, 6, 6})));
        EventDraft app = diceDraft(1, {4});
        app.source = DiceSource::App;
        app.player = "Muster";
        ASSERT_TRUE(j->append(app));
    }
    const auto written = writeReport(game, dir.path() / "out");
    ASSERT_TRUE(written) << written.message();
    const std::string html = readBytes(written->html.string());
    EXPECT_EQ(count(html, "<h3>Miguel, d6, typed: 36 dice</h3>"), 1u);
    EXPECT_EQ(count(html, "<p class=\"verdict\">p = 1: no sign of bias</p>"), 1u);
    EXPECT_EQ(count(html, "<td>36</td><td>0.00</td><td>5</td><td>1.0000</td></tr></table>"), 1u);
    EXPECT_EQ(count(html, "<h3>Miguel, d6, virtual: 30 dice</h3>"), 1u);
    EXPECT_EQ(count(html, "<p class=\"verdict\">p &lt; 0.0001: these dice favour 6</p>"), 1u);
    EXPECT_EQ(count(html, "<td>30</td><td>150.00</td><td>5</td><td class=\"bad\">0.0000</td>"), 1u);
    EXPECT_EQ(count(html, "<h3>Muster&apos;s own draws, d6: 1 die</h3>"), 1u);
    EXPECT_EQ(count(html, "<svg "), 3u);
    const auto report = nlohmann::json::parse(readBytes(written->json.string()));
    const auto& stats = report["diceStatistics"];
    ASSERT_EQ(stats.size(), 3u);
    EXPECT_EQ(stats[0]["source"], "typed");
    EXPECT_EQ(stats[0]["testable"], true);
    EXPECT_EQ(stats[1]["source"], "virtual");
    EXPECT_EQ(stats[1]["verdict"], "p < 0.0001: these dice favour 6");
    EXPECT_EQ(stats[2]["source"], "app");
    EXPECT_EQ(stats[2]["player"], "Muster");
    EXPECT_EQ(stats[2]["testable"], false);
}

TEST(ReportPage, FailuresComeBackWithTheirKind) {
    ScratchDir dir;
    const auto missing = writeReport(dir.file("nothing.muster"), dir.path() / "out");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind, ReportError::Kind::CannotOpen);

    const std::string game = dir.file("sample.muster");
    writeSampleJournal(game, 1);
    writeBytes(dir.file("a-file"), "not a folder");
    const auto blocked = writeReport(game, dir.path() / "a-file");
    ASSERT_FALSE(blocked);
    EXPECT_EQ(blocked.error().kind, ReportError::Kind::CannotWrite);
    EXPECT_NE(blocked.message().find("a-file"), std::string::npos) << blocked.message();
}

TEST(ReportPage, StruckOutFindsAreSaidUnderTheirThrowEscaped) {
    ScratchDir dir;
    const std::string game = dir.file("struck.muster");
    writeStruckOutGame(game, {3, 5}, "a <b>coin</b>");
    {
        auto j = Journal::open(game, {OpenMode::ReadWrite, false});
        ASSERT_TRUE(j) << j.message();
        ASSERT_TRUE(j->append(diceDraft(1, {2}, 1)));
    }
    const auto written = writeReport(game, dir.path() / "out");
    ASSERT_TRUE(written) << written.message();
    const std::string html = readBytes(written->html.string());
    EXPECT_EQ(
        count(html,
              "<span class=\"struck\">struck out 1 find as not a die: a &lt;b&gt;coin&lt;/b&gt;</span>"),
        1u);
    const auto report = nlohmann::json::parse(readBytes(written->json.string()));
    const auto& events = report["turns"][0]["phases"][0]["events"];
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0]["struckOut"], nlohmann::json::array({"a <b>coin</b>"}));
    EXPECT_FALSE(events[1].contains("struckOut"));
}

// Under each event what it resolved and Muster's draws, each turn's summary after its rows: the story of
// tst_resultpanel.qml's scripted turn, with a side name that needs escaping.
TEST(ReportPage, SaysWhatHappenedUnderEachEventAndEachTurnsSummaryEscaped) {
    ScratchDir dir;
    const std::string game = dir.file("panel.muster");
    {
        GameSession s = playResultPanelTurn(game, "Army of <Occupation> & \"co\"");
        answerTurn2sFirstOrder(s);
    }
    const auto written = writeReport(game, dir.path() / "out");
    ASSERT_TRUE(written) << written.message();
    const std::string html = readBytes(written->html.string());
    const std::string draws = "Muster draws: 4 rank and file (d17: 12, d16: 15, d15: 6, d14: 6).";
    const auto drawsAt =
        html.find("<ul class=\"said\"><li class=\"draws\">" + draws +
                  "</li><li class=\"resolved\">MX-ACT fires at US-2DRG: 4 hits; 4 casualties: 4 rank and "
                  "file.</li></ul>");
    EXPECT_NE(drawsAt, std::string::npos) << html;
    const std::string summary = "<p class=\"turnSummary\">Turn 1 ends. Army of &lt;Occupation&gt; &amp; "
                                "&quot;co&quot;: 6 casualties, no "
                                "unit lost, 2 DLs recovered. Army of the North: 15 casualties, 1 unit lost "
                                "(MX-TAMP), no DL recovered.</p>";
    const auto summaryAt = html.find(summary);
    ASSERT_NE(summaryAt, std::string::npos) << html;
    // At the end of turn 1's rows: after its last table, before turn 2's heading.
    const auto turn2 = html.find("<h2>Turn 2</h2>");
    ASSERT_NE(turn2, std::string::npos);
    EXPECT_LT(drawsAt, summaryAt);
    EXPECT_LT(summaryAt, turn2);
    EXPECT_EQ(html.rfind("</table>", summaryAt), html.rfind("</table>", turn2));
    EXPECT_EQ(html.find("<Occupation>"), std::string::npos) << "the side's name ran as markup";

    const auto report = nlohmann::json::parse(readBytes(written->json.string()));
    ASSERT_GE(report["turns"].size(), 2u);
    EXPECT_EQ(
        report["turns"][0]["summary"],
        "Turn 1 ends. Army of <Occupation> & \"co\": 6 casualties, no unit lost, 2 DLs recovered. Army of "
        "the North: 15 casualties, 1 unit lost (MX-TAMP), no DL recovered.");
    EXPECT_FALSE(report["turns"][1].contains("summary")) << "turn 2 has not ended";
    int drawsEvents = 0;
    for (const auto& phase : report["turns"][0]["phases"])
        for (const auto& e : phase["events"])
            if (e.value("draws", "") == draws) {
                ++drawsEvents;
                EXPECT_EQ(e["resolved"],
                          nlohmann::json::array(
                              {"MX-ACT fires at US-2DRG: 4 hits; 4 casualties: 4 rank and file."}));
            }
    EXPECT_EQ(drawsEvents, 1);
}
