# Table tools: calibration wizard, printing, dispute replay. Append to MUSTER_APP_SOURCES (C++ files in app/ui/) and
# MUSTER_QML_FILES (paths relative to qml/).
list(APPEND MUSTER_APP_SOURCES
  EvidencePhoto.h EvidencePhoto.cpp
  ReplayModel.h ReplayModel.cpp
  CalibrationController.h CalibrationController.cpp
  PrintController.h PrintController.cpp
)
list(APPEND MUSTER_QML_FILES
  PhotoPicker.qml
  LogEntry.qml
)
