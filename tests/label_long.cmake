# Runs after gtest_discover_tests has listed the tests: marks the soak as "long".
set_tests_properties(Soak.HundredThousandTicksTwiceSameHashFlatMemory PROPERTIES LABELS long)
