# Runs after gtest_discover_tests has listed the tests: marks the soak and the 2,000-rewrite reload
# storms as "long" (`ctest -L long` runs them alone, `ctest -LE long` leaves them out).
set_tests_properties(Soak.HundredThousandTicksTwiceSameHashFlatMemory PROPERTIES LABELS long)
set_tests_properties(ReloadStorm.TitleScreenLong ReloadStorm.FightLong PROPERTIES LABELS long)
