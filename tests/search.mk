# Search: CUnit tactical suite (mates and winning captures in several
# variants, found within a node budget) and search-control tests.
check_PROGRAMS += tests/test_search
TESTS += tests/test_search
tests_test_search_SOURCES = tests/test_search.c
tests_test_search_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_search_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_search_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
