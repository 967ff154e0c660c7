#include "app/ui/EvidencePhoto.h"

#include "app/storage/Journal.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace muster::app {

QUrl evidencePhotoUrl(const storage::Journal& journal, qlonglong seq) {
    auto photos = journal.evidence(seq);
    if (!photos || photos->empty() || photos->front().jpeg.empty())
        return {};
    const QString path =
        QDir::tempPath() +
        QStringLiteral("/muster-evidence-%1-%2.jpg").arg(QCoreApplication::applicationPid()).arg(seq);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    const auto& bytes = photos->front().jpeg;
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    return QUrl::fromLocalFile(path);
}

} // namespace muster::app
