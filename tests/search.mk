# Search: CUnit tactical suite (mates and winning captures in several
# variants, found within a node budget) and search-control tests.
check_PROGRAMS += tests/test_search
TESTS += tests/test_search
tests_test_search_SOURCES = tests/test_search.c
tests_test_search_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_search_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_search_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)

# Rules: every game-ending rule judged alike by the referee and the search.
check_PROGRAMS += tests/test_rules
TESTS += tests/test_rules
tests_test_rules_SOURCES = tests/test_rules.c
tests_test_rules_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_rules_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_rules_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)

# The evaluation's weights as data: restated weights change nothing, a
# changed weight changes the evaluation.
TESTS += tests/eval-params.sh
EXTRA_DIST += tests/eval-params.sh

# The trace of the evaluation, weights from variant files, the tuner.
check_PROGRAMS += tests/test_tune
TESTS += tests/test_tune
tests_test_tune_SOURCES = tests/test_tune.c
tests_test_tune_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_tune_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_tune_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
EXTRA_DIST += tests/data/tune/sample.data tests/data/tune/plain-chess.yaml

# Strength levels: the random pick, the Elo scale, weakened searches.
check_PROGRAMS += tests/test_skill
TESTS += tests/test_skill
tests_test_skill_SOURCES = tests/test_skill.c
tests_test_skill_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_skill_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_skill_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)

# Time allocation: the plan per kind of clock, hard and soft limits.
check_PROGRAMS += tests/test_timeman
TESTS += tests/test_timeman
tests_test_timeman_SOURCES = tests/test_timeman.c
tests_test_timeman_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_timeman_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_timeman_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
