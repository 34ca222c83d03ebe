# src/: the engine, one folder per component, layered top to bottom:
#   main.c -> protocol -> commands -> search -> catalog -> notation
#          -> board -> variant -> util (and xbetza/, the XBetza library)
# A folder includes headers only from itself and the folders below it.
# Everything but main.c goes into libengine.a so the CUnit suites link the
# same code the program runs.
noinst_LIBRARIES += src/libengine.a
src_libengine_a_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
src_libengine_a_SOURCES =

include src/util/local.mk
include src/variant/local.mk
include src/board/local.mk
include src/notation/local.mk
include src/catalog/local.mk
include src/search/local.mk
include src/commands/local.mk
include src/protocol/local.mk

bin_PROGRAMS += menagerie
menagerie_SOURCES = src/main.c
menagerie_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
menagerie_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS)
