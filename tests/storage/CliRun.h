#pragma once

// Runs the real muster-cli (MUSTER_CLI_PATH) in a shell and collects what it printed and its exit code.

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace muster::storage::test {

struct Output {
    int exitCode = -1;
    std::string text; // stdout and stderr
};

// input, when given, is piped to its standard input (printf escapes apply).
inline Output cli(const std::string& arguments, const std::string& input = {}) {
    std::string command = std::string("'") + MUSTER_CLI_PATH + "' " + arguments + " 2>&1";
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

} // namespace muster::storage::test
