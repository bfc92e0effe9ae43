// The controls are written once (src/app/help.h): README's tables must be exactly what that table
// makes, and `brawl --help` must list every option README's options table names.
#include "app/help.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace {

std::string Readme() {
    std::ifstream in(std::string(HOTMAP_SOURCE_DIR) + "/README.md");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(Help, ReadmeShowsThePlayersControlsAsTheTableHasThem) {
    std::string table = "| | move | punch | kick | special |\n| --- | --- | --- | --- | --- |\n";
    for (const app::PlayerControls& p : app::PLAYER_CONTROLS)
        table +=
            std::string("| ") + p.who + " | " + p.move + " | " + p.punch + " | " + p.kick + " | " + p.special + " |\n";
    EXPECT_NE(Readme().find(table), std::string::npos) << "README should hold, verbatim:\n" << table;
}

TEST(Help, ReadmeShowsTheMoveInputsAsTheTableHasThem) {
    std::string table = "| input | numpad | what |\n| --- | --- | --- |\n";
    for (const app::MoveInputHelp& m : app::MOVE_INPUTS)
        table += std::string("| ") + m.input + " | " + m.numpad + " | " + m.what + " |\n";
    EXPECT_NE(Readme().find(table), std::string::npos) << "README should hold, verbatim:\n" << table;
}

TEST(Help, ReadmeShowsTheDebugKeysAsTheTableHasThem) {
    std::string table = "| key | |\n| --- | --- |\n";
    for (const app::KeyHelp& k : app::DEBUG_KEYS) table += std::string("| ") + k.key + " | " + k.what + " |\n";
    EXPECT_NE(Readme().find(table), std::string::npos) << "README should hold, verbatim:\n" << table;
}

TEST(Help, ReadmeShowsTheTrainingKeysAsTheTableHasThem) {
    std::string table = "| key | |\n| --- | --- |\n";
    for (const app::KeyHelp& k : app::TRAINING_KEYS) table += std::string("| ") + k.key + " | " + k.what + " |\n";
    EXPECT_NE(Readme().find(table), std::string::npos) << "README should hold, verbatim:\n" << table;
}

TEST(Help, EveryDebugKeyMakesACommand) {
    for (const app::KeyHelp& k : app::DEBUG_KEYS) EXPECT_TRUE(k.command.has_value()) << k.key;
}

TEST(Help, BrawlHelpListsEveryOptionReadmeDocuments) {
    const auto help = testrun::Run(BRAWL_EXE, {"--help"});
    ASSERT_EQ(help.exitCode, 0);
    // README's options table: rows that start with "| `--".
    const std::string readme = Readme();
    const std::regex row("\\n\\| `(--[a-z0-9-]+)");
    int rows = 0;
    for (std::sregex_iterator it(readme.begin(), readme.end(), row), end; it != end; ++it, ++rows)
        EXPECT_NE(help.out.find("  " + (*it)[1].str() + " "), std::string::npos) << (*it)[1].str();
    EXPECT_GE(rows, 8) << "README documents the headless options in a table";
    for (const app::KeyHelp& k : app::DEBUG_KEYS) EXPECT_NE(help.out.find(k.what), std::string::npos) << k.key;
    for (const app::KeyHelp& k : app::TRAINING_KEYS) EXPECT_NE(help.out.find(k.what), std::string::npos) << k.key;
    for (const app::PlayerControls& p : app::PLAYER_CONTROLS) EXPECT_NE(help.out.find(p.who), std::string::npos);
}

}  // namespace
