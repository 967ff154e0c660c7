#include "app/ui/Speaker.h"

#include "app/ui/GameCompanion.h"

#include <QSettings>
#include <QTextToSpeech>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

// Qt's engine, the platform's default (speech-dispatcher or flite on Debian).
class QtVoice : public Speaker::Voice {
public:
    QtVoice() {
        QObject::connect(&m_tts, &QTextToSpeech::stateChanged, [this](QTextToSpeech::State s) {
            if (s == QTextToSpeech::Ready && idleAgain)
                idleAgain();
        });
    }
    bool ready() const override { return m_tts.state() == QTextToSpeech::Ready; }
    void say(const QString& text) override { m_tts.say(text); }
    void stop() override { m_tts.stop(); }
    QString problem() const override {
        if (m_tts.state() == QTextToSpeech::Error)
            return m_tts.errorString().isEmpty() ? u"the speech engine failed"_s : m_tts.errorString();
        return QTextToSpeech::availableEngines().isEmpty() ? u"no speech engine is installed"_s : QString();
    }

private:
    QTextToSpeech m_tts;
};

} // namespace

Speaker::Speaker(QObject* parent)
    : QObject(parent) {
    m_enabled = QSettings().value(u"speech/enabled"_s, false).toBool();
}

Speaker::~Speaker() = default;

Speaker* Speaker::create(QQmlEngine* qmlEngine, QJSEngine*) {
    return makeGameCompanion<Speaker>(qmlEngine);
}

void Speaker::setGame(GameController* game) {
    if (m_game == game)
        return;
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    if (m_game) {
        connect(m_game, &GameController::stateChanged, this, &Speaker::listen);
        // Another game (or the same one resumed): nothing of its past is read out.
        connect(m_game, &GameController::gameChanged, this, [this] {
            m_queue.clear();
            remember();
        });
    }
    remember();
    Q_EMIT gameChanged();
}

void Speaker::setVoice(std::unique_ptr<Voice> voice) {
    m_voice = std::move(voice);
    if (m_voice)
        m_voice->idleAgain = [this] {
            Q_EMIT changed();
            pump();
        };
    Q_EMIT changed();
}

void Speaker::setEnabled(bool on) {
    if (on == m_enabled)
        return;
    m_enabled = on;
    QSettings().setValue(u"speech/enabled"_s, on);
    if (on) {
        if (!m_voice)
            setVoice(std::make_unique<QtVoice>());
        remember(); // from now on
    } else {
        silence();
    }
    Q_EMIT changed();
}

bool Speaker::available() const {
    return !m_voice ? !QTextToSpeech::availableEngines().isEmpty() : m_voice->problem().isEmpty();
}

QString Speaker::problem() const {
    if (m_voice)
        return m_voice->problem();
    return QTextToSpeech::availableEngines().isEmpty() ? u"no speech engine is installed"_s : QString();
}

void Speaker::silence() {
    m_queue.clear();
    if (m_voice)
        m_voice->stop();
    Q_EMIT changed();
}

void Speaker::remember() {
    m_heard.clear();
    m_turn = m_game ? m_game->turn() : 0;
    m_diceKey = m_game && m_game->promptKind() == u"dice"_s ? m_game->promptKey() : QString();
    if (m_game)
        for (const QVariant& line : m_game->history()->toList())
            m_heard.insert(line.toMap().value(u"text"_s).toString());
}

void Speaker::listen() {
    if (!m_game)
        return;
    if (!m_enabled) {
        remember();
        return;
    }
    if (m_game->turn() != m_turn) {
        // A new turn: the summary of the one that ended, then this turn's lines as they come.
        m_turn = m_game->turn();
        m_heard.clear();
        m_queue.add(m_game->turnSummary().toStdString(), false);
    }
    // The story is newest first: say what is new oldest first.
    const QVariantList lines = m_game->history()->toList();
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QVariantMap line = it->toMap();
        const QString text = line.value(u"text"_s).toString();
        if (m_heard.contains(text))
            continue;
        m_heard.insert(text);
        m_queue.add(text.toStdString(), line.value(u"big"_s).toBool());
    }
    if (m_game->promptKind() == u"dice"_s && m_game->promptKey() != m_diceKey) {
        m_diceKey = m_game->promptKey();
        // The throw asked for, in words a player hears: "Roll 10 d6: 28 US muskets at long range".
        m_queue.add(u"Roll %1 d%2: %3"_s.arg(m_game->diceCount())
                        .arg(m_game->diceSides())
                        .arg(m_game->dicePurpose())
                        .toStdString(),
                    false);
    }
    pump();
}

void Speaker::pump() {
    if (m_enabled && !m_voice) // turned on in an earlier run: the engine is made when first needed
        setVoice(std::make_unique<QtVoice>());
    if (!m_enabled || !m_voice || !m_voice->ready())
        return;
    if (const auto next = m_queue.next()) {
        m_voice->say(QString::fromStdString(*next));
        Q_EMIT changed();
    }
}

} // namespace muster::app
