// muster: the touch app. Everything lives in muster_app so tests can link it; this file only starts it.

#include "app/ui/AppRunner.h"

#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(MusterPlugin)

int main(int argc, char** argv) {
    return muster::app::run(argc, argv);
}
