# Dice fairness on the Log page: tallies per player, dice set and source (issue 23).
list(APPEND MUSTER_APP_SOURCES FairnessModel.h FairnessModel.cpp)
list(APPEND MUSTER_QML_FILES FairnessView.qml)
