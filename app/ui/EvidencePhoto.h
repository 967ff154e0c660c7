#pragma once

// The photo of a journal event as a file URL QML can show: evidence lives in SQLite, Image wants a URL.

#include <QUrl>

namespace muster::storage {
class Journal;
}

namespace muster::app {

// Writes the event's first photo to a temporary JPEG and returns its URL; empty when the event has none.
QUrl evidencePhotoUrl(const storage::Journal& journal, qlonglong seq);

} // namespace muster::app
