# GameController's lists as list models (issue 25).
list(APPEND MUSTER_APP_SOURCES GameLists.h GameLists.cpp)
