# tests/: CUnit suites and data-driven checks run by `make check`.
TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
AM_TESTS_ENVIRONMENT = top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)'; export top_srcdir top_builddir;

include tests/xbetza.mk
include tests/variants.mk
include tests/engine.mk
include tests/search.mk
include tests/protocol.mk
include tests/match.mk
include tests/datagen.mk
include tests/nnue.mk
include tests/install.mk

# The layering of src/: includes point down, no include cycles.
TESTS += tests/layering.sh
EXTRA_DIST += tests/layering.sh tests/cunit_run.h tests/strset.h tests/test_rng.h
