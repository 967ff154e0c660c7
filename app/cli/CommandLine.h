#pragma once

// A small option parser shared by the muster-cli commands: positional arguments, --flag and --key value.

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::cli {

class CommandLine {
public:
    // valueOptions take a value ("--out DIR"); flagOptions do not ("--json"). Anything else starting with
    // "--" is an error, so a typo is reported instead of being silently ignored.
    CommandLine(const std::vector<std::string>& args, std::set<std::string> valueOptions,
                std::set<std::string> flagOptions);

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }

    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const; // a repeatable option
    const std::vector<std::string>& positional() const { return m_positional; }

private:
    std::vector<std::pair<std::string, std::string>> m_values;
    std::set<std::string> m_flags;
    std::vector<std::string> m_positional;
    std::string m_error;
};

} // namespace muster::cli
