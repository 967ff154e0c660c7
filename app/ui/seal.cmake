# Turn-end seals in the app: the seal card and its QR code (libqrencode).
find_package(PkgConfig REQUIRED)
pkg_check_modules(MUSTER_UI_QRENCODE REQUIRED IMPORTED_TARGET libqrencode)
list(APPEND MUSTER_APP_SOURCES SealQr.h SealQr.cpp)
list(APPEND MUSTER_QML_FILES SealDialog.qml)
