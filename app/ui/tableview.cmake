# The table view (players' phones): the singleton that runs app/tableview's server and feeds it the game.
list(APPEND MUSTER_APP_SOURCES PhonesView.h PhonesView.cpp)
list(APPEND MUSTER_QML_FILES TableViewSettings.qml)
# Results said aloud (Qt TextToSpeech).
list(APPEND MUSTER_APP_SOURCES SpeechQueue.h SpeechQueue.cpp Speaker.h Speaker.cpp)
