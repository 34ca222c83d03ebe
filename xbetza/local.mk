# xbetza/: the self-contained XBetza library and the `xbetza` diagram tool.
noinst_LIBRARIES += xbetza/libxbetza.a
EXTRA_DIST += xbetza/xbetza.md
xbetza_libxbetza_a_SOURCES = xbetza/xbetza.h xbetza/internal.h xbetza/parse.c \
	xbetza/print.c xbetza/compile.c xbetza/cover.c xbetza/generate.c xbetza/diagram.c

bin_PROGRAMS += xbetza/xbetza
xbetza_xbetza_SOURCES = xbetza/xbetza_tool.c
xbetza_xbetza_LDADD = xbetza/libxbetza.a
