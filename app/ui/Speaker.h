#pragma once

// Results said aloud (Settings → Table view): the throw asked for, what each input resolved and the turn's
// summary, in the story's own sentences, through Qt TextToSpeech. One sentence at a time (SpeechQueue), big
// moments first, silenced with one tap. Off until turned on; the choice is kept.

#include "app/ui/GameController.h"
#include "app/ui/SpeechQueue.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <memory>

class QQmlEngine;
class QJSEngine;

namespace muster::app {

class Speaker : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(muster::app::GameController* game READ game WRITE setGame NOTIFY gameChanged FINAL)
    Q_PROPERTY(bool enabled READ enabled WRITE setEnabled NOTIFY changed FINAL)
    // False when no speech engine could be started (none installed, or it failed): the toggle says so.
    Q_PROPERTY(bool available READ available NOTIFY changed FINAL)
    Q_PROPERTY(bool speaking READ speaking NOTIFY changed FINAL)
    Q_PROPERTY(QString problem READ problem NOTIFY changed FINAL)

public:
    // What turns text into sound: Qt's engine in the app, a recording one in tests.
    class Voice {
    public:
        virtual ~Voice() = default;
        virtual bool ready() const = 0; // idle: a sentence may start
        virtual void say(const QString& text) = 0;
        virtual void stop() = 0;
        virtual QString problem() const { return {}; } // why it cannot speak, if it cannot
        std::function<void()> idleAgain;               // called when a sentence ends
    };

    explicit Speaker(QObject* parent);
    ~Speaker() override;
    static Speaker* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    GameController* game() const { return m_game; }
    void setGame(GameController* game);
    bool enabled() const { return m_enabled; }
    void setEnabled(bool on);
    bool available() const;
    bool speaking() const { return m_voice && !m_voice->ready(); }
    QString problem() const;

    // Tests give their own voice; without one, turning on makes Qt's default engine.
    void setVoice(std::unique_ptr<Voice> voice);

    // Stops the sentence being said and forgets the ones waiting.
    Q_INVOKABLE void silence();

Q_SIGNALS:
    void gameChanged();
    void changed();

private:
    void remember(); // what the game shows now, so only what comes next is said
    void listen();   // after each input: queue what is new
    void pump();     // says the next sentence when the voice is idle

    QPointer<GameController> m_game;
    std::unique_ptr<Voice> m_voice;
    SpeechQueue m_queue;
    bool m_enabled = false;
    int m_turn = 0;
    QSet<QString> m_heard; // this turn's story lines already queued
    QString m_diceKey;     // the dice prompt already announced
};

} // namespace muster::app
