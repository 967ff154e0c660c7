#pragma once

// The game report: one self-contained HTML page (photos inline as data: URIs, dice charts as inline SVG) and
// the same facts as JSON, written into a folder. `muster-cli game report` and the touch app both call it.

#include "app/storage/JournalTypes.h"
#include "common/Result.h"

#include <cstddef>
#include <filesystem>
#include <string>

namespace muster::report {

struct ReportFiles {
    std::filesystem::path html; // <folder>/report.html
    std::filesystem::path json; // <folder>/report.json
    std::size_t events = 0;
    // A game that does not verify is still reported, with the break shown on the page; the caller decides
    // what that means for it (the CLI exits 1).
    storage::VerifyReport verify;
};

struct ReportError {
    enum class Kind {
        CannotOpen,  // not a game file, or not readable
        CannotRead,  // a game file whose records cannot be read
        CannotWrite, // the output folder or its files
    };
    Kind kind = Kind::CannotOpen;
    std::string message;
};

// Opens the game read-only (it may be open for writing in the same process: docs/journal.md) and writes
// report.html and report.json into outDir, creating it.
Result<ReportFiles, ReportError> writeReport(const std::string& gamePath,
                                             const std::filesystem::path& outDir);

// The HTML template (app/report/templates/report.html.mustache), embedded at build time.
extern const char* const kReportTemplate;

} // namespace muster::report
