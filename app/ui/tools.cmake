# Table tools: calibration wizard, printing, dispute replay. Append to MUSTER_APP_SOURCES (C++ files in app/ui/) and
# MUSTER_QML_FILES (paths relative to qml/).
