# GameController's and its friends' lists as list models and value types.
list(APPEND MUSTER_APP_SOURCES GameLists.h GameLists.cpp ValueTypes.h)
