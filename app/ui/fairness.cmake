# Dice fairness on the Log page: tallies per player, dice set and source.
list(APPEND MUSTER_APP_SOURCES FairnessModel.h FairnessModel.cpp)
list(APPEND MUSTER_QML_FILES FairnessView.qml)
