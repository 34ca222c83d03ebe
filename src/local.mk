# src/: the engine.  Everything but main.c goes into libengine.a so the
# CUnit suites link the same code the program runs.
noinst_LIBRARIES += src/libengine.a
src_libengine_a_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
src_libengine_a_SOURCES = \
	src/number.h src/number.c \
	src/variant.h src/variant.c \
	src/zobrist.h src/zobrist.c \
	src/position.h src/position.c src/fen.c \
	src/move.h src/move.c \
	src/movegen.h src/movegen.c \
	src/rules.h src/rules.c \
	src/perft.h src/perft.c

include src/variants.mk
include src/search.mk
include src/protocol.mk

bin_PROGRAMS += menagerie
menagerie_SOURCES = src/main.c
menagerie_CPPFLAGS = $(AM_CPPFLAGS) $(YAML_CFLAGS)
menagerie_LDADD = src/libengine.a xbetza/libxbetza.a $(YAML_LIBS)
