# XBetza library: CUnit suite over the XBoard 4.9.1 vectors and more.
check_PROGRAMS += tests/test_xbetza
TESTS += tests/test_xbetza
tests_test_xbetza_SOURCES = tests/test_xbetza.c
tests_test_xbetza_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_xbetza_LDADD = xbetza/libxbetza.a $(CUNIT_LIBS)
EXTRA_DIST += tests/data/xbetza-vectors.txt
