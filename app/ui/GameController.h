#pragma once

// The game in play, for QML: the journal and the rules engine (storage::GameSession) behind the phase banner,
// the prompt card, the dice keypad, the roster and the log. Every input goes through the journal first, so
// what the screen shows as accepted is already on disk.

#include "app/storage/GameSession.h"
#include "app/storage/SealCorrections.h"
#include "app/ui/FairnessModel.h"
#include "app/ui/GameLists.h"
#include "app/ui/LogModel.h"
#include "app/ui/RosterModel.h"
#include "app/ui/ValueTypes.h"
#include "common/ChitVocabulary.h"
#include "rules/VirtualDice.h"

#include <QObject>
#include <QUrl>
#include <QVariantList> // startGame() takes the players as script builds them
#include <QtQml/qqmlregistration.h>

#include <map>
#include <optional>
#include <utility>

namespace muster::app {

class GameController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool active READ active NOTIFY gameChanged FINAL)
    Q_PROPERTY(QString gamePath READ gamePath NOTIFY gameChanged FINAL)
    Q_PROPERTY(QString scenarioName READ scenarioName NOTIFY gameChanged FINAL)
    Q_PROPERTY(muster::app::PlayersModel* players READ players CONSTANT FINAL)
    Q_PROPERTY(int turn READ turn NOTIFY stateChanged FINAL)
    Q_PROPERTY(int maxTurns READ maxTurns NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString phase READ phase NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString phaseLabel READ phaseLabel NOTIFY stateChanged FINAL)
    // The part of the turn the current phase belongs to (a phasing side's half), empty when the turn has
    // none.
    Q_PROPERTY(QString phaseGroup READ phaseGroup NOTIFY stateChanged FINAL)
    // The sequence of play of the game's rule set (roles key, label, group), and the side that acts now (may
    // be empty).
    Q_PROPERTY(muster::app::PhasesModel* phases READ phases CONSTANT FINAL)
    Q_PROPERTY(QString activeSide READ activeSide NOTIFY stateChanged FINAL)
    Q_PROPERTY(bool hasChits READ hasChits NOTIFY gameChanged FINAL)
    // What the prompt is about, as the rule set tags it ("order", "target", "casualties", …).
    Q_PROPERTY(QString promptTag READ promptTag NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString promptKind READ promptKind NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString promptKey READ promptKey NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString headline READ headline NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString questionText READ questionText NOTIFY stateChanged FINAL)
    Q_PROPERTY(muster::app::OptionsModel* options READ options CONSTANT FINAL)
    Q_PROPERTY(QString ruleId READ ruleId NOTIFY stateChanged FINAL)
    Q_PROPERTY(int diceCount READ diceCount NOTIFY stateChanged FINAL)
    Q_PROPERTY(int diceSides READ diceSides NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString dicePurpose READ dicePurpose NOTIFY stateChanged FINAL)
    // Only the count of each face matters (DiceRequest::pool): the keypad offers counts per face.
    Q_PROPERTY(bool dicePool READ dicePool NOTIFY stateChanged FINAL)
    // The faces that score for the rule (hits, saves), picked out on the keypad and in the tray.
    Q_PROPERTY(QList<int> diceScoringFaces READ diceScoringFaces NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString diceRoller READ diceRoller NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString currentPlayer READ currentPlayer NOTIFY stateChanged FINAL)
    // The side that must act now, its name and its colour ("#rrggbb"), from the roster; "" when both act.
    Q_PROPERTY(QString currentSideName READ currentSideName NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString currentSideColour READ currentSideColour NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString lastResult READ lastResult NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString winner READ winner NOTIFY stateChanged FINAL)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY stateChanged FINAL)
    Q_PROPERTY(bool canOverride READ canOverride NOTIFY stateChanged FINAL)
    // A redo enters again the latest undone step (while only undos and redos followed it); its words.
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString redoText READ redoText NOTIFY stateChanged FINAL)
    // The latest answers still in force, newest first, for the prompt card's "fix" chips (roles seq,
    // question, label, tag; at most 3).
    Q_PROPERTY(muster::app::RecentAnswersModel* recentAnswers READ recentAnswers CONSTANT FINAL)
    // What Muster drew itself for the latest draws no die on the table makes (DiceRequest::appDraws), e.g.
    // "Muster draws: the 2nd officer and 3 rank and file (d31: 2, …)."; "" until it draws.
    Q_PROPERTY(QString appDraws READ appDraws NOTIFY stateChanged FINAL)
    // Whether Muster draws those itself (on by default). Scripted tests turn it off to feed the draws as
    // before, like any other dice request.
    Q_PROPERTY(bool autoDraw READ autoDraw WRITE setAutoDraw NOTIFY stateChanged FINAL)
    // What happened this turn, newest first (roles turn, text, big), one whole sentence of the rules per
    // entry (Engine::events of each input), Muster's own draws included.
    Q_PROPERTY(muster::app::HistoryModel* history READ history CONSTANT FINAL)
    // The last finished turn summed up: losses per side, units lost, DLs recovered ("" in turn 1).
    Q_PROPERTY(QString turnSummary READ turnSummary NOTIFY stateChanged FINAL)
    // What the latest fix did, in words ("" until one is made in this session).
    Q_PROPERTY(QString lastFix READ lastFix NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString lastError READ lastError NOTIFY errorChanged FINAL)
    // The house rules the game is played with, every option of its register with its reading.
    Q_PROPERTY(QList<muster::app::HouseRule> houseRules READ houseRules NOTIFY gameChanged FINAL)
    // How the game is played, from the journal header ({"dice", "app", "table"}; empty if not recorded).
    Q_PROPERTY(QVariantMap playSetup READ playSetup NOTIFY gameChanged FINAL)
    // The latest calibration attached to the game: the journal payload {"name", "width", "height",
    // "profile"} as JSON text, "" when the game has none (or no game is open).
    Q_PROPERTY(QString calibrationPayload READ calibrationPayload NOTIFY calibrationChanged FINAL)
    // Units in play that have no order yet this turn (roles unitId, name), in roster order; empty outside the
    // orders phase.
    Q_PROPERTY(muster::app::AwaitingOrdersModel* awaitingOrders READ awaitingOrders CONSTANT FINAL)
    Q_PROPERTY(muster::app::RosterModel* roster READ roster CONSTANT FINAL)
    Q_PROPERTY(muster::app::LogModel* log READ log CONSTANT FINAL)
    // The dice fairness of the game in play, per player, dice set and source (the Log page's section).
    Q_PROPERTY(muster::app::FairnessModel* fairness READ fairness CONSTANT FINAL)

public:
    explicit GameController(QObject* parent = nullptr);
    ~GameController() override;

    bool active() const { return m_session.has_value(); }
    QString gamePath() const;
    QString scenarioName() const;
    PlayersModel* players() const { return m_players; }
    int turn() const;
    int maxTurns() const;
    QString phase() const;
    QString phaseLabel() const;
    QString phaseGroup() const;
    PhasesModel* phases() const { return m_phases; }
    QString activeSide() const;
    bool hasChits() const;
    QString promptTag() const;
    // The order chits of the game's rule set (empty with no game or no chits).
    const ChitVocabulary& chitVocabulary() const;
    QString promptKind() const;
    QString promptKey() const;
    QString headline() const;
    QString questionText() const;
    OptionsModel* options() const { return m_options; }
    QString ruleId() const;
    int diceCount() const;
    int diceSides() const;
    QString dicePurpose() const;
    bool dicePool() const;
    QList<int> diceScoringFaces() const;
    QString diceRoller() const;
    QString currentPlayer() const;
    QString currentSideName() const;
    QString currentSideColour() const;
    // The name and colour of the side the prompt asks, from its first unit in the roster.
    std::pair<QString, QString> actingSide() const;
    QString lastResult() const;
    QString winner() const;
    bool canUndo() const { return m_canUndo; }
    bool canOverride() const { return m_canOverride; }
    bool canRedo() const { return m_canRedo; }
    QString redoText() const { return m_redoText; }
    RecentAnswersModel* recentAnswers() const { return m_recentAnswers; }
    QString lastFix() const { return m_lastFix; }
    QString appDraws() const { return m_appDraws; }
    bool autoDraw() const { return m_autoDraw; }
    void setAutoDraw(bool on);
    // Seeds the app's own dice (virtual dice and Muster's draws), so a test's draws are known.
    Q_INVOKABLE void seedAppDice(qlonglong seed);
    HistoryModel* history() const { return m_history; }
    QString turnSummary() const { return m_turnSummary; }
    QString lastError() const { return m_lastError; }
    QList<HouseRule> houseRules() const;
    QVariantMap playSetup() const;
    QString calibrationPayload() const { return m_calibrationPayload; }
    RosterModel* roster() const { return m_roster; }
    LogModel* log() const { return m_log; }
    FairnessModel* fairness() const { return m_fairness; }

    // Starts a new game from a bundled scenario (by name) or a scenario file (ScenarioCatalog::readScenario),
    // with players [{name, side, diceColour}] (diceColour: the name of the player's dice set, if any).
    // `houseRules` maps option keys to values (GEN-08) over the scenario's own; a value the register refuses
    // is an error and no game is made. `playSetup` says how the game is played ({"dice":
    // "camera"|"typed"|"virtual", "table": profile}); it goes into the journal header with "app": true
    // (docs/journal.md).
    // `players` stays a QVariantList: New game builds it in script as an array of JS objects.
    Q_INVOKABLE bool startGame(const QString& scenario,
                               const QVariantList& players, // JS objects from script, as said above
                               const QVariantMap& houseRules = {}, const QVariantMap& playSetup = {});
    Q_INVOKABLE bool openGame(const QString& path);
    // Reopens the game that was open last (SavedGames::lastGame), if any (after a crash or a flat battery).
    Q_INVOKABLE bool resumeLast();
    Q_INVOKABLE void closeGame();

    Q_INVOKABLE bool answer(const QString& value);
    // source: "typed", "camera" or "virtual".
    Q_INVOKABLE bool submitDice(const QList<int>& faces, const QString& source);
    // Faces from the seeded virtual dice for the current request; nothing is submitted until submitDice().
    Q_INVOKABLE QList<int> rollVirtual();
    // Takes back the latest step still in force, an answer or a throw.
    Q_INVOKABLE bool undoLast(const QString& reason);
    // Enters the latest undone step again (canRedo).
    Q_INVOKABLE bool redo();
    // What an earlier input in force can be fixed to; kind "" (and lastError set) if it cannot be.
    Q_INVOKABLE muster::app::FixChoices fixChoices(qlonglong seq);
    // Fixes an earlier answer (`value`) or throw (`faces`) with a reason (docs/journal.md, "Fixing an earlier
    // input"): the game folds again, later inputs that still fit are kept, the rest set aside.
    Q_INVOKABLE bool fixAnswer(qlonglong seq, const QString& value, const QString& reason);
    Q_INVOKABLE bool fixThrow(qlonglong seq, const QList<int>& faces, const QString& reason);
    // The faces of the latest dice result still in force (overrides applied); empty if there is none.
    Q_INVOKABLE QList<int> lastDiceFaces() const;
    // The journal seq of that throw (0 if there is none): "Correct last throw…" fixes it like any other.
    Q_INVOKABLE qlonglong lastThrowSeq() const;
    // The latest input still in force, if it is a throw: what both of the above read.
    std::optional<storage::EffectiveInput> lastThrow() const;
    Q_INVOKABLE bool overrideLast(const QList<int>& faces, const QString& reason);
    // A file URL of the first photo of event `seq` (written to a temporary file), or "" if it has none.
    Q_INVOKABLE QUrl photoUrl(qlonglong seq) const;
    // Players of a side ("" when nobody plays it).
    Q_INVOKABLE QString playerForSide(const QString& side) const;
    AwaitingOrdersModel* awaitingOrders() const { return m_awaitingOrders; }
    // The units given an order this turn, with the seq of the answer in force that gave it.
    std::map<std::string, qlonglong> ordersGivenThisTurn() const;
    // The roster as the rules give it (empty without a game).
    rules::RosterView rosterView() const;

    // The camera path (CameraService). A throw read by the camera: journals `readFaces` with the source
    // "camera" and the frame and detections as evidence; if the players changed dice (`finalFaces` differs),
    // an override follows at once with `reason`, so the log keeps the camera's read, the new faces, who and
    // why.
    bool submitCameraDice(const std::vector<int>& readFaces, const std::vector<int>& finalFaces,
                          const QString& reason, storage::EvidenceDraft evidence);
    // An answer read by the camera (an order chit): like answer(), with the source "camera" and the frame as
    // evidence. Refused unless `key` is the prompt's.
    bool answerFromCamera(const QString& key, const QString& value, storage::EvidenceDraft evidence);
    // Keeps a calibration with the game (a "calibration" journal event the rules ignore), so a resumed game
    // reads with it. `payloadJson` is CalibrationProfile::toGamePayload's text; a payload or profile that
    // CalibrationProfile::fromGamePayload refuses is not attached (lastError says why).
    Q_INVOKABLE bool attachCalibration(const QString& payloadJson);

    // The game in play (null without one), for its collaborators in C++ (TurnSealer signs its head).
    storage::GameSession* session() { return m_session ? &*m_session : nullptr; }
    // Every finished turn's seal, as of the last refresh (read with the journal then, not again).
    const std::vector<storage::TurnSeal>& seals() const { return m_seals; }

    // The game's scenario snapshot as JSON ("" without a game): the chit reader maps chit slots through it.
    std::string scenarioJson() const;

Q_SIGNALS:
    void calibrationChanged();
    void gameChanged();
    void stateChanged();
    void errorChanged();
    // A game was started, opened or closed: SavedGames reads the folder again.
    void savedGamesChanged();
    // An input (or Muster's own draw) was committed to the journal, before the screen refreshes: TurnSealer
    // seals the turn it ends.
    void inputCommitted(const muster::storage::Event& event);

private:
    bool fail(const QString& message);
    bool adopt(storage::GameSession session);
    // Submits an input (the engine checks it, the journal commits it) and refreshes, or sets lastError.
    bool commit(const rules::Input& input, std::vector<storage::EvidenceDraft> evidence = {});
    // After an append: lastError on failure, else cleared and everything refreshed.
    bool written(const storage::Result<storage::Event>& event);
    void refresh();
    // Sets the options, phases, players and units awaiting orders from the game (empty without one); each
    // model resets only if its rows changed. The history and the recent answers are set where they are worked
    // out.
    void refreshLists();
    QList<QVariantMap> awaitingOrderRows() const;
    std::string playerForKey(const std::string& key) const;
    // The payload of the game's latest calibration event, "" if none: one row read by a query on the
    // journal's kind, not a second read of every event after the replay.
    QString latestCalibration() const;

    std::optional<storage::GameSession> m_session;
    RosterModel* m_roster;
    LogModel* m_log;
    FairnessModel* m_fairness;
    OptionsModel* m_options;
    RecentAnswersModel* m_recentAnswers;
    HistoryModel* m_history;
    std::vector<storage::TurnSeal> m_seals;
    PhasesModel* m_phases;
    PlayersModel* m_players;
    AwaitingOrdersModel* m_awaitingOrders;
    rules::VirtualDice m_virtualDice;
    QString m_lastError;
    bool m_canUndo = false;     // the latest input in force is an answer
    bool m_canOverride = false; // the latest input in force is a dice result
    bool m_canRedo = false;
    QString m_redoText;
    QString m_lastFix;
    QString m_appDraws;
    bool m_autoDraw = true;
    QString m_turnSummary;
    // Replays the previous and the current turn input by input for the history and the summary.
    // The turn panel: this turn's story lines, newest first, with fixes made this turn of sealed turns.
    void rebuildHistory(const std::vector<storage::SealedFix>& fixes, std::int64_t lastSealSeq);
    // Draws every request the rules leave to the app (DiceRequest::appDraws) from the app's dice, journalled
    // with the source "app", until a person must act; sets appDraws.
    void drawForApp();
    bool applyFix(qlonglong seq, const std::string& value, const std::vector<int>& faces,
                  const QString& reason);
    QString m_calibrationPayload;
};

} // namespace muster::app
