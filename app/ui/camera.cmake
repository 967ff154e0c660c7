# Camera path: capture, the vision worker, live dice and chit reading. Append to MUSTER_APP_SOURCES (C++ files in
# app/ui/) and MUSTER_QML_FILES (paths relative to qml/).
list(APPEND MUSTER_APP_SOURCES
  VisionTypes.h
  VisionWorker.h VisionWorker.cpp
  LiveDiceModel.h LiveDiceModel.cpp
  ChitOrdersModel.h ChitOrdersModel.cpp
  LiveFeedItem.h LiveFeedItem.cpp
)
list(APPEND MUSTER_QML_FILES
  CameraSettings.qml
  DieCorrectionDialog.qml
  ChitPanel.qml
)
