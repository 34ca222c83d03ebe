# The neural evaluation: network files, inference against a reference,
# incremental accumulators against a refresh, the SIMD loops against the
# portable ones, the trainer (CUnit); training a net and loading it from
# the command line and the protocols (shell).
check_PROGRAMS += tests/test_nnue
TESTS += tests/test_nnue
tests_test_nnue_SOURCES = tests/test_nnue.c
tests_test_nnue_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_nnue_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_nnue_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS) -lm
check_PROGRAMS += tests/test_nnue_simd
TESTS += tests/test_nnue_simd
tests_test_nnue_simd_SOURCES = tests/test_nnue_simd.c
tests_test_nnue_simd_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_nnue_simd_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_nnue_simd_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS) -lm
check_PROGRAMS += tests/test_train
TESTS += tests/test_train
tests_test_train_SOURCES = tests/test_train.c
tests_test_train_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_train_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_train_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS) -lm
TESTS += tests/nnue.sh
EXTRA_DIST += tests/nnue.sh

# The loop that grows a network (tools/menagerie-netloop) on a tiny run.
TESTS += tests/netloop.sh
EXTRA_DIST += tests/netloop.sh tests/netloop.py tests/script_module.py tools/menagerie-netloop
