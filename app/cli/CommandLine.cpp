#include "app/cli/CommandLine.h"

namespace muster::cli {

CommandLine::CommandLine(const std::vector<std::string>& args, std::set<std::string> valueOptions,
                         std::set<std::string> flagOptions) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0 || a == "--") {
            m_positional.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flagOptions.count(name)) {
            if (inlineValue) {
                m_error = "option --" + name + " takes no value";
                return;
            }
            m_flags.insert(name);
        } else if (valueOptions.count(name)) {
            if (inlineValue) {
                m_values.emplace_back(name, *inlineValue);
            } else if (i + 1 < args.size()) {
                m_values.emplace_back(name, args[++i]);
            } else {
                m_error = "option --" + name + " needs a value";
                return;
            }
        } else {
            m_error = "unknown option --" + name;
            return;
        }
    }
}

bool CommandLine::flag(const std::string& name) const {
    return m_flags.count(name) > 0;
}

std::optional<std::string> CommandLine::value(const std::string& name) const {
    std::optional<std::string> last;
    for (const auto& [k, v] : m_values)
        if (k == name)
            last = v;
    return last;
}

std::vector<std::string> CommandLine::values(const std::string& name) const {
    std::vector<std::string> out;
    for (const auto& [k, v] : m_values)
        if (k == name)
            out.push_back(v);
    return out;
}

} // namespace muster::cli
