// hotmap lint's checks of one fighter, for the commands that make fighters (import) to report
// what lint would say about what they wrote. The lines go to stderr exactly as `hotmap lint`
// prints them.
#pragma once

#include <string>

namespace hotmap {

struct LintCounts {
    int errors = 0;
    int warnings = 0;
};

/// Lints the fighter in `fighterDir` (assets/<name>) as `hotmap lint --alpha-min alphaMin DIR`
/// does, printing its error and warning lines to stderr, without the summary line.
LintCounts LintFighterDir(const std::string& fighterDir, int alphaMin);

}  // namespace hotmap
