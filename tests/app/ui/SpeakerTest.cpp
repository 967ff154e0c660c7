// Results said aloud (issue 45): the queue's order and what it drops when the table plays faster than speech,
// the Speaker on a real game with a recording voice (what is said, in what order, silenced by one call), and
// Qt's own engine where one is installed.

#include "app/ui/Speaker.h"

#include "PlayStep.h"
#include "app/ui/GameController.h"

#include <gtest/gtest.h>

#include <QSet>
#include <QTest>
#include <QTextToSpeech>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using muster::app::Speaker;
using muster::app::SpeechQueue;
using muster::app::test::playOneStep;

TEST(SpeechQueue, BigMomentsFirstNewestFirstThenTheRestInOrder) {
    SpeechQueue q(10);
    q.add("a", false);
    q.add("B1", true);
    q.add("b", false);
    q.add("B2", true);
    q.add("", false); // nothing to say
    EXPECT_EQ(q.waiting(), 4u);
    EXPECT_EQ(q.next(), "B2");
    EXPECT_EQ(q.next(), "B1");
    EXPECT_EQ(q.next(), "a");
    EXPECT_EQ(q.next(), "b");
    EXPECT_EQ(q.next(), std::nullopt);
}

TEST(SpeechQueue, FallingBehindDropsTheOldestOrdinarySentenceFirst) {
    SpeechQueue q(3);
    q.add("big", true);
    for (const char* s : {"one", "two", "three", "four"})
        q.add(s, false);
    EXPECT_EQ(q.waiting(), 3u);
    EXPECT_EQ(q.dropped(), 2u);
    EXPECT_EQ(q.next(), "big");
    EXPECT_EQ(q.next(), "three");
    EXPECT_EQ(q.next(), "four");
    // Only big moments waiting: the oldest of them goes.
    for (const char* s : {"B1", "B2", "B3", "B4"})
        q.add(s, true);
    EXPECT_EQ(q.next(), "B4");
    EXPECT_EQ(q.next(), "B3");
    EXPECT_EQ(q.next(), "B2");
    EXPECT_EQ(q.next(), std::nullopt);
    q.add("x", false);
    q.clear();
    EXPECT_EQ(q.next(), std::nullopt);
}

namespace {

// Says nothing aloud: records each sentence and stays busy until the test ends it.
class RecordingVoice : public Speaker::Voice {
public:
    explicit RecordingVoice(QStringList* said)
        : m_said(said) {}
    bool ready() const override { return !m_busy; }
    void say(const QString& text) override {
        EXPECT_FALSE(m_busy) << "talked over itself: " << text.toStdString();
        m_said->append(text);
        m_busy = true;
    }
    void stop() override { m_busy = false; }
    void finish() {
        m_busy = false;
        if (idleAgain)
            idleAgain();
    }

private:
    QStringList* m_said;
    bool m_busy = false;
};

} // namespace

TEST(Speaker, SaysTheThrowAskedAndEachResultOnceInOrderAndIsSilencedByOneCall) {
    GameController game;
    game.seedAppDice(5);
    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
    ASSERT_TRUE(game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}}));
    Speaker speaker(nullptr);
    QStringList said;
    auto voice = std::make_unique<RecordingVoice>(&said);
    RecordingVoice* v = voice.get();
    speaker.setVoice(std::move(voice));
    speaker.setGame(&game);
    speaker.setEnabled(true);
    // Play on (each sentence finished before the next input) until a throw was asked for, something resolved
    // and a turn ended.
    const auto rolls = [&said] {
        return std::count_if(said.begin(), said.end(),
                             [](const QString& s) { return s.startsWith(u"Roll "_s); });
    };
    const auto results = [&said] {
        return std::count_if(said.begin(), said.end(), [](const QString& s) {
            return !s.startsWith(u"Roll "_s) && !s.startsWith(u"Turn "_s);
        });
    };
    QString summary;
    QSet<QString> shown; // every story line and turn summary the app showed, input by input
    // Answers vary (the first option of every question holds fire all game): the option at step mod count.
    const auto playVaried = [&game](int step) {
        const QList<QVariantMap> options = game.options()->rows();
        if (game.promptKind() != u"question"_s || options.isEmpty())
            return playOneStep(game);
        return game.answer(options.at((step * 7) % options.size()).value(u"value"_s).toString()) ||
               playOneStep(game);
    };
    for (int step = 0; step < 1500 && (rolls() == 0 || results() == 0 || summary.isEmpty()); ++step) {
        const int turn = game.turn();
        ASSERT_TRUE(playVaried(step))
            << game.lastError().toStdString() << " at " << game.promptKind().toStdString() << " "
            << game.promptKey().toStdString() << ": " << game.headline().toStdString();
        if (game.turn() != turn) {
            summary = game.turnSummary();
            shown.insert(summary);
        }
        for (const QVariant& line : game.history()->toList())
            shown.insert(line.toMap().value(u"text"_s).toString());
        while (speaker.speaking())
            v->finish();
    }
    ASSERT_GT(rolls(), 0) << said.join(u'\n').toStdString();
    ASSERT_GT(results(), 0) << said.join(u'\n').toStdString();
    // The turn's end brings its summary, as the app shows it; no sentence is said twice in a row.
    EXPECT_TRUE(said.contains(summary)) << said.join(u'\n').toStdString();
    for (int i = 1; i < said.size(); ++i)
        EXPECT_NE(said[i], said[i - 1]) << "said twice: " << said[i].toStdString();
    // Every result said is a line the app's story showed, or a turn's summary: nothing made up, nothing lost.
    for (const QString& line : said) {
        if (!line.startsWith(u"Roll "_s)) {
            EXPECT_TRUE(shown.contains(line)) << "said but never shown: " << line.toStdString();
        }
    }
    for (const QString& line : shown) {
        EXPECT_TRUE(said.contains(line)) << "shown but never said: " << line.toStdString();
    }

    // Falling behind: a sentence under way, several inputs come; nothing is said over it, and silence()
    // stops it and forgets the rest.
    said.clear();
    for (int step = 0; step < 12; ++step)
        ASSERT_TRUE(playOneStep(game));
    EXPECT_LE(said.size(), 1) << "talked over itself";
    speaker.silence();
    EXPECT_FALSE(speaker.speaking());
    v->finish();
    EXPECT_LE(said.size(), 1) << "silence() must forget what waited";

    // Turned off: nothing more is said.
    speaker.setEnabled(false);
    said.clear();
    for (int step = 0; step < 5; ++step)
        ASSERT_TRUE(playOneStep(game));
    EXPECT_TRUE(said.isEmpty());
}

// Qt's engine for real (flite, installed by scripts/install-deps.sh). Where the machine has no audio device
// the engine reports an error; the test says so and stops there.
TEST(Speaker, QtsEngineSpeaksASentenceToTheEnd) {
    const QStringList engines = QTextToSpeech::availableEngines();
    ASSERT_FALSE(engines.isEmpty()) << "no Qt speech engine: install qt6-speech-flite-plugin";
    QTextToSpeech tts;
    QList<QTextToSpeech::State> states;
    QObject::connect(&tts, &QTextToSpeech::stateChanged, [&](QTextToSpeech::State s) { states << s; });
    tts.say(u"Turn two. The Texas volunteers fire."_s);
    (void)QTest::qWaitFor(
        [&] { return states.contains(QTextToSpeech::Ready) || states.contains(QTextToSpeech::Error); },
        20000);
    if (states.contains(QTextToSpeech::Error) || tts.state() == QTextToSpeech::Error)
        GTEST_SKIP() << "engine " << engines.join(u", "_s).toStdString()
                     << " could not speak here (no audio device): " << tts.errorString().toStdString();
    EXPECT_TRUE(states.contains(QTextToSpeech::Speaking))
        << "engines: " << engines.join(u", "_s).toStdString();
    EXPECT_EQ(tts.state(), QTextToSpeech::Ready);
}
