# Self-play training data (menagerie datagen): the format read back by the
# engine, determinism, resuming (CUnit); the command line's errors (shell).
check_PROGRAMS += tests/test_datagen
TESTS += tests/test_datagen tests/datagen.sh
EXTRA_DIST += tests/datagen.sh tests/expect.sh
tests_test_datagen_SOURCES = tests/test_datagen.c
tests_test_datagen_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_datagen_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_datagen_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
# Binary training data (the store): records read back as written, text <->
# binary, torn files, stores with shards and duplicates, the variant check.
check_PROGRAMS += tests/test_data_store
TESTS += tests/test_data_store
tests_test_data_store_SOURCES = tests/test_data_store.c
tests_test_data_store_CFLAGS = $(AM_CFLAGS) $(CUNIT_CFLAGS)
tests_test_data_store_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
tests_test_data_store_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS) $(CUNIT_LIBS)
