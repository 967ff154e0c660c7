// A probe for the kill-and-resume test: drives the app's GameController without a window.
//   resume_probe play      starts md_small, answers until the first dice prompt, prints "AT <key> <inputs>",
//   then
//                          waits to be killed (SIGKILL, as a crash or a flat battery would)
//   resume_probe resume    reopens the last game as the app does at start-up and prints "AT <key> <inputs>"
// Games go to $MUSTER_GAMES_DIR.

#include "app/ui/GameController.h"

#include <QGuiApplication>
#include <QThread>

#include <cstdio>
#include <cstring>

using namespace Qt::StringLiterals;

int main(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    if (argc != 2 || (std::strcmp(argv[1], "play") != 0 && std::strcmp(argv[1], "resume") != 0)) {
        std::fprintf(stderr, "usage: resume_probe play|resume\n");
        return 2;
    }
    muster::app::GameController game;
    if (std::strcmp(argv[1], "resume") == 0) {
        if (!game.resumeLast()) {
            std::fprintf(stderr, "resume failed: %s\n", qPrintable(game.lastError()));
            return 1;
        }
    } else {
        if (!game.startGame(u"md_small"_s, {QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}}})) {
            std::fprintf(stderr, "start failed: %s\n", qPrintable(game.lastError()));
            return 1;
        }
        // Answer (cycling through the options) until the game asks for dice; a few throws first so the
        // journal has dice in it.
        int throws = 0;
        for (int step = 0; step < 400; ++step) {
            if (game.promptKind() == u"dice"_s) {
                if (throws++ == 3)
                    break;
                game.submitDice(game.rollVirtual(), u"virtual"_s);
            } else {
                const QList<QVariantMap> options = game.options()->rows();
                const QVariantMap option = options.value(step % std::max<qsizetype>(1, options.size()));
                game.answer(option.value(u"value"_s).toString());
            }
        }
    }
    std::printf("AT %s %d %s\n", qPrintable(game.promptKey()), game.log()->rowCount(),
                qPrintable(game.promptKind()));
    std::fflush(stdout);
    if (std::strcmp(argv[1], "play") == 0)
        for (;;)
            QThread::sleep(1); // killed here
    return 0;
}
