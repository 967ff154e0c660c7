// muster-cli: the headless tool. The command line is parsed in CliApp.cpp; each command lives in its own file
// in app/cli/.

#include "app/cli/CliApp.h"
#include "common/image/ImageFile.h"

#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

// The arguments that name existing files: what a command was reading when it failed unexpectedly.
std::string filesNamed(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& a : args) {
        std::error_code ec;
        if (!a.empty() && a[0] != '-' && std::filesystem::is_regular_file(a, ec))
            out += (out.empty() ? "" : ", ") + a;
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    // The boundary: whatever a command lets escape (an OpenCV, SQLite or JSON exception, an allocation that
    // failed) is reported with the files involved, and the exit code is 2 (bad input) instead of an abort.
    std::string what;
    try {
        const muster::cli::Parsed parsed = muster::cli::parseCommandLine(args, std::cout, std::cerr);
        return parsed.command ? parsed.command() : parsed.exitCode;
    } catch (const cv::Exception& e) {
        what = muster::image::openCvFailure(e);
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "unknown error";
    }
    const std::string files = filesNamed(args);
    std::cerr << "muster-cli " << (args.empty() ? std::string() : args[0]) << ": "
              << (files.empty() ? "" : "reading " + files + ": ") << what << "\n";
    return 2;
}
