#pragma once

// Runs the real muster-cli (MUSTER_CLI_PATH) in a shell and collects what it printed and its exit code.

#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace muster::storage::test {

struct Output {
    int exitCode = -1;
    std::string text; // stdout and stderr
};

// input, when given, is piped to its standard input (printf escapes apply); env ("NAME='value' ...") is set
// for the command.
inline Output cli(const std::string& arguments, const std::string& input = {}, const std::string& env = {}) {
    std::string command = env + (env.empty() ? "" : " ") + "'" + MUSTER_CLI_PATH + "' " + arguments + " 2>&1";
    command = input.empty() ? command + " </dev/null" : "printf '" + input + "' | " + command;
    Output out;
    FILE* p = ::popen(command.c_str(), "r");
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
        out.text.append(buf, n);
    const int status = ::pclose(p);
    out.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The lines of one type ("seal", "accepted", ...) of a `game play --json` run.
inline std::vector<nlohmann::json> linesOfType(const std::string& text, const std::string& type) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
            j.is_object() && j.value("type", "") == type)
            out.push_back(j);
    return out;
}

} // namespace muster::storage::test
