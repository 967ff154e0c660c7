#include "app/print/PrintApplication.h"

#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QString>
#include <QtGlobal>

namespace muster::app {

std::unique_ptr<QGuiApplication> printingApplication() {
    if (QGuiApplication::instance() != nullptr)
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        // Qt warns without one; a private folder keeps the output clean.
        const QString dir = QDir::tempPath() + QStringLiteral("/muster-runtime-") + QString::number(getuid());
        if (QDir().mkpath(dir) &&
            QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", dir.toLocal8Bit());
    }
    static int argc = 1;
    static char name[] = "muster-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

} // namespace muster::app
