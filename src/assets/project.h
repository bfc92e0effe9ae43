// Where the programs find a project (a folder holding assets/ and hotmaps/), by one rule that brawl
// and hotmap share: the folder given (--assets DIR), else the current folder if it holds assets/
// and hotmaps/, else the data installed beside the program (<program's folder>/../share/hotmap-brawl).
// Never a path compiled in from the build machine: an installed program runs anywhere.
#pragma once

#include "assets/assets.h"

#include <optional>
#include <string>

namespace assets {

/// Where an installed copy keeps its data, from the folder of the program (bin/).
inline constexpr const char* INSTALLED_DATA_FROM_PROGRAM = "../share/hotmap-brawl";

/// The folder holding the running program, ending in '/' ("" when the system cannot tell).
[[nodiscard]] std::string ProgramFolder();

/// True when `dir` holds assets/ and hotmaps/ folders.
[[nodiscard]] bool IsProjectFolder(const std::string& dir);

/// The project folder by the rule above. `given` is taken as it is (what it holds is checked where
/// it is loaded); the Error (FileMissing, naming the current folder) lists every place tried.
[[nodiscard]] Result<std::string> FindProject(const std::optional<std::string>& given,
                                              const std::string& programFolder);

}  // namespace assets
