#pragma once

// Printing needs a QGuiApplication (fonts), but never a display: the command-line tools make one on the
// offscreen platform when none exists.

#include <QGuiApplication>

#include <memory>

namespace muster::app {

// A QGuiApplication for printing, or null if the process already has one (keep it alive while printing).
std::unique_ptr<QGuiApplication> printingApplication();

} // namespace muster::app
